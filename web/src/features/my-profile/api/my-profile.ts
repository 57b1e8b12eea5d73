import { OkAnswerSchema, UserProfileSchema, type ChangePasswordRequest } from '@onsite/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';
import { profileKeys } from '../../../lib/session/session';

/** My profile with every setting (the session keeps only what the shell needs); under the profile's keys. */
const fullProfileKey = [...profileKeys.all, 'full'] as const;

export function useMyProfile() {
  return useQuery({ queryKey: fullProfileKey, queryFn: ({ signal }) => apiRequest('/user/getProfile', { body: {}, schema: UserProfileSchema, signal }) });
}

export interface ProfileChanges {
  phone?: string;
  notificationSettings?: { emails: string[]; sms: boolean; whatsapp: boolean };
}

export function useUpdateMyProfile(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) =>
      apiRequest('/user/update', { body: { userId, ...changes }, schema: UserProfileSchema, handledErrors: ['validation_error', 'phone_used'] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** wrong_old_password, new_password_missed and the password rules are said inline by the form. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => apiRequest('/user/changePassword', { body, schema: OkAnswerSchema, handledErrors: 'all' }),
  });
}
