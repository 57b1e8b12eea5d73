import type { Actor } from '@onsite/domain';
import type { Profile } from './session';

/** Who the signed-in console user is for the domain's role rules (a customer, or staff acting for one). */
export function actorOf(profile: Profile | undefined): Actor | null {
  if (!profile) return null;
  const self = { userId: profile._id, type: profile.type, role: profile.role, companyId: profile.company?._id ?? '', country: profile.country };
  if (!profile.blUser) return self;
  const staff = profile.blUser;
  return { userId: staff._id, type: staff.type, role: staff.role, companyId: staff.company?._id ?? '', country: staff.country, onBehalfOf: self };
}
