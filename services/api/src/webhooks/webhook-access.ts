import { canManageWebhooks, effectiveCompanyId, forbidden, isStaff, notFound, validationError, type Actor } from '@onsite/domain';
import { type WebhookView } from '@onsite/contracts';
import { getCompany, getWebhook, type WebhookDocument } from '@onsite/projections';
import { checkWebhookTarget, countPendingWebhookDeliveries, listWebhookDeliveries } from '@onsite/workers';
import type { Runtime } from '../runtime.js';

export const webhookNotFound = () => notFound('There is no such webhook.', 'webhook_not_found');
const refusedToManage = () => forbidden('Only administrators of the company manage its webhooks.');
const ID = /^[0-9a-f-]{36}$/;

/** The address's form and every address its host resolves to (again at every delivery). */
export async function assertWebhookTarget(runtime: Runtime, url: string): Promise<void> {
  const target = await checkWebhookTarget(url, { allowLoopback: runtime.config.webhookAllowLoopback });
  if (!target.ok) throw validationError(target.message, [{ path: 'url', code: 'webhook_url_not_allowed', message: target.message }], 'webhook_url_not_allowed');
}

/** An endpoint the caller may manage: another company's (and a removed one) is 404, then the rule (403). */
export async function manageableWebhook(runtime: Runtime, actor: Actor, id: string): Promise<WebhookDocument> {
  const doc = ID.test(id) ? await getWebhook(runtime.documentStore, id) : null;
  if (!doc || doc.removedAt !== null) throw webhookNotFound();
  if (!isStaff(actor) && doc.companyId !== effectiveCompanyId(actor)) throw webhookNotFound();
  await manageableCompany(runtime, actor, doc.companyId).catch((error: unknown) => {
    throw error instanceof Error && 'code' in error && error.code === 'not_found' ? webhookNotFound() : error;
  });
  return doc;
}

/** As for API tokens: another company is 404 for a customer, a company outside a staff member's countries too; then 403. */
async function manageableCompany(runtime: Runtime, actor: Actor, companyId: string): Promise<void> {
  if (!isStaff(actor) && companyId !== effectiveCompanyId(actor)) throw notFound('Company not found.');
  const company = await getCompany(runtime.documentStore, companyId);
  const filter = isStaff(actor) && !actor.onBehalfOf ? (actor.countriesFilter ?? []) : [];
  if (!company || company.type === 'BL' || (filter.length > 0 && !filter.includes(company.country))) throw notFound('Company not found.');
  if (!canManageWebhooks(actor, companyId)) throw refusedToManage();
}

/** The company whose endpoints are meant: a customer's own, the one staff name. */
export async function webhookCompanyOf(runtime: Runtime, actor: Actor, named: string | undefined): Promise<string> {
  const companyId = named ?? (isStaff(actor) && !actor.onBehalfOf ? undefined : effectiveCompanyId(actor));
  if (!companyId) {
    const message = 'Staff name the company.';
    throw validationError(message, [{ path: 'companyId', code: 'required', message }]);
  }
  await manageableCompany(runtime, actor, companyId);
  return companyId;
}

export async function webhookViewOf(runtime: Runtime, id: string): Promise<WebhookView> {
  const doc = await getWebhook(runtime.documentStore, id);
  if (!doc) throw webhookNotFound();
  return webhookView(runtime, doc);
}

/** An endpoint as its company's administrators see it: never its secret. */
export async function webhookView(runtime: Runtime, doc: WebhookDocument): Promise<WebhookView> {
  const store = runtime.documentStore;
  const [pending, [last]] = await Promise.all([countPendingWebhookDeliveries(store, doc.id), listWebhookDeliveries(store, doc.id, 1)]);
  const previousSecretUntil = doc.previousSecretUntil && Date.parse(doc.previousSecretUntil) > runtime.clock().getTime() ? doc.previousSecretUntil : null;
  return {
    id: doc.id,
    companyId: doc.companyId,
    url: doc.url,
    kinds: [...doc.kinds],
    status: doc.status,
    pausedReason: doc.pausedReason,
    replayFrom: doc.replayFrom,
    createdAt: doc.createdAt,
    previousSecretUntil,
    pending,
    lastDeliveryAt: last?.lastAttemptAt ?? null,
  };
}
