import { canManageApiTokens, effectiveCompanyId, forbidden, isStaff, notFound, type Actor } from '@onsite/domain';
import { type ApiTokenView } from '@onsite/contracts';
import type { DocumentStore } from '@onsite/infrastructure';
import { getApiToken, getCompany, userNames, type ApiTokenDocument } from '@onsite/projections';
import { ApiTokenAuth } from './api-token-auth.js';

export const tokenNotFound = () => notFound('There is no such API token.', 'api_token_not_found');
const refusedToManage = () => forbidden('Only administrators of the company manage its API tokens.');

/**
 * A customer company the caller may manage tokens of: another company is 404 for a customer, a company outside a
 * staff member's country filter too (as for companies, docs/security.md); then the rule (403).
 */
export async function assertManageable(store: DocumentStore, actor: Actor, companyId: string): Promise<void> {
  if (!isStaff(actor) && companyId !== effectiveCompanyId(actor)) throw notFound('Company not found.');
  const company = await getCompany(store, companyId);
  const filter = isStaff(actor) && !actor.onBehalfOf ? (actor.countriesFilter ?? []) : [];
  if (!company || company.type === 'BL' || (filter.length > 0 && !filter.includes(company.country))) throw notFound('Company not found.');
  if (!canManageApiTokens(actor, companyId)) throw refusedToManage();
}

/** One token as its company's administrators see it (never its secret). */
export async function tokenView(store: DocumentStore, id: string): Promise<ApiTokenView> {
  const doc = await getApiToken(store, id);
  if (!doc) throw tokenNotFound();
  const [view] = await tokenViews(store, [doc]);
  return view!;
}

/** Tokens with the names of the people they name and when each was last used. */
export async function tokenViews(store: DocumentStore, docs: readonly ApiTokenDocument[]): Promise<ApiTokenView[]> {
  const [names, lastUsed] = await Promise.all([
    userNames(
      store,
      docs.flatMap((d) => [
        d.userId,
        d.createdByUserId,
        ...(d.createdOnBehalfOfUserId ? [d.createdOnBehalfOfUserId] : []),
        ...(d.revokedByUserId ? [d.revokedByUserId] : []),
      ]),
    ),
    ApiTokenAuth.lastUsed(
      store,
      docs.map((d) => d.id),
    ),
  ]);
  const who = (userId: string) => ({ userId, name: names.get(userId) ?? null });
  return docs.map((d) => ({
    id: d.id,
    name: d.name,
    companyId: d.companyId,
    scope: d.scope,
    actsAs: { ...who(d.userId), role: d.role },
    createdBy: who(d.createdByUserId),
    ...(d.createdOnBehalfOfUserId ? { createdOnBehalfOf: who(d.createdOnBehalfOfUserId) } : {}),
    createdAt: d.createdAt,
    expiresAt: d.expiresAt,
    lastUsedAt: lastUsed.get(d.id) ?? null,
    revokedAt: d.revokedAt,
    revokedBy: d.revokedByUserId ? who(d.revokedByUserId) : null,
  }));
}
