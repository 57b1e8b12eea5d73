import { type Channel } from '@onsite/domain';
import {
  CompanyListPageSchema,
  ForceLoginLinkSchema,
  TagListSchema,
  UserListPageSchema,
  UserProfileSchema,
  type CompanyRowData,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserListRequest,
} from '@onsite/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

export type { UserProfile } from '@onsite/contracts';

/** Query keys of the user resource; every mutation invalidates `userKeys.all`. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: Partial<UserListRequest>) => [...userKeys.lists(), params] as const,
  ofCompany: (companyId: string) => [...userKeys.all, 'company', companyId] as const,
  companies: (search: string) => [...userKeys.all, 'companies', search] as const,
};

export function useUserList(params: Partial<UserListRequest>) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => apiRequest('/user/list', { body: params, schema: UserListPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The other users of a company, for the archive dialog's new responsible person. */
export function useCompanyUsers(companyId: string | null) {
  return useQuery({
    queryKey: userKeys.ofCompany(companyId ?? ''),
    queryFn: ({ signal }) => apiRequest('/company/getUsers', { body: { companyId }, schema: z.array(UserProfileSchema), signal }),
    enabled: companyId !== null,
  });
}

export type CompanyOption = CompanyRowData;

/** Staff invite users into any company they may see. */
export function useCompanyOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.companies(search),
    queryFn: ({ signal }) =>
      apiRequest('/company/list', {
        body: { pageSize: 100, ...(search ? { search } : {}), sort: { field: 'name', direction: 'asc' } },
        schema: CompanyListPageSchema,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function useUserMutation<TBody, TResult>(call: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }) });
}

/** Codes the dialogs show inline next to the fields (everything else is a notification). */
const INLINE = ['validation_error', 'email_used', 'phone_used', 'last_company_admin', 'last_responsible_user'];

export const useInviteUser = () =>
  useUserMutation((body: CreateUserRequest) => apiRequest('/admin/user/invite', { body, schema: UserProfileSchema, handledErrors: INLINE }));
export const useUpdateUser = () =>
  useUserMutation((body: UpdateUserRequest) => apiRequest('/user/update', { body, schema: UserProfileSchema, handledErrors: INLINE }));
export const useReinviteUser = () =>
  useUserMutation((body: { userId: string; communicationChannels: Channel[] }) => apiRequest('/admin/user/reinvite', { body, schema: UserProfileSchema }));
export const useActivateUser = () => useUserMutation((id: string) => apiRequest('/admin/user/activate', { body: { id }, schema: UserProfileSchema }));
export const useArchiveUser = () =>
  useUserMutation((body: { id: string; newResponsiblePerson: string }) =>
    apiRequest('/admin/user/archive', { body, schema: UserProfileSchema, handledErrors: INLINE }),
  );
export const useDeleteUser = () =>
  useUserMutation((id: string) => apiRequest('/admin/user/delete', { body: { id }, schema: UserProfileSchema, handledErrors: INLINE }));
export const useResetConsents = () => useUserMutation((userId: string) => apiRequest('/resetUserConsents', { body: { userId }, schema: UserProfileSchema }));
export const useSetUserTags = () =>
  useUserMutation(async ({ userId, add, remove }: { userId: string; add: string[]; remove: string[] }) => {
    for (const tag of add) await apiRequest('/user/addTag', { body: { userId, tag }, schema: TagListSchema });
    if (remove.length > 0) await apiRequest('/user/removeTags', { body: { userId, tags: remove }, schema: TagListSchema });
  });

/** A single-use login link for a customer user (staff). */
export function useForceLoginLink() {
  return useMutation({ mutationFn: (userId: string) => apiRequest('/admin/force/login', { body: { userId }, schema: ForceLoginLinkSchema }) });
}
