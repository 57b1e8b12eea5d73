import type { UserView } from '@onsite/projections';
import type { AuthContext } from '../common/request-context.js';

/** The profile the console receives; internal flags stay on the server. */
export type Profile = Omit<UserView, 'hasPassword'>;

export function profileOf(user: UserView): Profile {
  const { hasPassword: _hasPassword, ...profile } = user;
  return profile;
}

/** The profile of a session: the customer's with `blUser` when staff act on behalf (or forced a login). */
export type SessionProfile = Profile & { readonly blUser?: Profile };

export function sessionProfile(auth: AuthContext): SessionProfile {
  return auth.onBehalfOf ? { ...profileOf(auth.onBehalfOf), blUser: profileOf(auth.user) } : profileOf(auth.user);
}
