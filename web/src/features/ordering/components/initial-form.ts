import { canCreateDirectOrder, type Actor } from '@onsite/domain';
import type { Profile } from '../../../lib/session/session';
import type { SavedOrder } from '../api/ordering';
import { emptyOrderForm, filesOf, fromContent, type OrderForm } from '../model';
import { localDrafts, type DraftKind } from './local-drafts';

/** Whose draft this is: the user, or the customer a staff member acts for (both kept apart). */
export const ownerOf = (profile: Profile) => (profile.blUser ? `${profile.blUser._id}:${profile._id}` : profile._id);

/** The form to start with: the saved order, the one this browser kept, or an empty one; `restored` when kept. */
export function initialForm(
  kind: DraftKind,
  profile: Profile,
  saved: SavedOrder | null,
  params: URLSearchParams,
  actor: Actor | null,
): { form: OrderForm; restored: boolean } {
  const owner = ownerOf(profile);
  const local = localDrafts.load(owner, kind);
  const direct = kind === 'service-order' && actor !== null && canCreateDirectOrder(actor);
  const creationType = direct ? 'DIRECT_ORDER' : 'QUOTE_REQUEST';
  if (saved) {
    // The files are the ones the order holds now (one may have been removed since this browser kept the form).
    if (local && local.ref === saved.refId)
      return { form: { ...local.form, creationType, files: filesOf(saved.content.additionalInformation.files) }, restored: true };
    return { form: { ...fromContent(saved.content, saved.creationType), ...(saved.status === 'INCOMPLETE' ? { creationType } : {}) }, restored: false };
  }
  const services = params.get('services')?.split(',').filter(Boolean) ?? [];
  const country = params.get('country') ?? profile.country;
  // The order begun earlier comes back, unless the person arrives with another choice of services.
  const sameServices = services.length === 0 || (services.length === local?.form.services.length && services.every((s) => local.form.services.includes(s)));
  if (local && !local.ref && sameServices) return { form: { ...local.form, creationType, files: [] }, restored: true };
  return { form: emptyOrderForm(country, services, creationType), restored: false };
}
