import type { UserView } from '@onsite/projections';

/** The profile the console receives (spec section 3, user profile); internal flags stay on the server. */
export type Profile = Omit<UserView, 'hasPassword'>;

export function profileOf(user: UserView): Profile {
  const { hasPassword: _hasPassword, ...profile } = user;
  return profile;
}
