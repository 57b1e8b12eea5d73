import { isReadOnlyActor, refused, type Actor } from '@onsite/domain';

/**
 * The routes a read-only caller (an auditor, D15) may call besides every GET: queries sent as POST, and
 * its own session and agreements. Every other route — every command — is refused with 403 forbidden before
 * its handler runs, whatever its body. A new route is therefore refused to auditors until it is listed here.
 */
export const READ_ONLY_POST_ROUTES: ReadonlySet<string> = new Set([
  // queries
  '/api/order/getByRefId',
  '/api/order/list',
  '/api/order/stats',
  '/api/order/export',
  '/api/order/failed-exports',
  '/api/feedback/list',
  '/api/file/get',
  '/api/getLegalDocument',
  '/api/user/getProfile',
  '/api/user/list',
  '/api/company/getUsers',
  '/api/company/list',
  '/api/company/getByUID',
  '/api/company/findTag',
  '/api/planning-tool/refused-reports',
  '/api/partner-offers/list',
  '/api/kpi/export',
  '/api/catalogue/prices/export',
  // audit evidence
  '/api/audit/export',
  '/api/audit/evidence',
]);

/** The caller's own session and agreements: not commands on the business, so an auditor may use them. */
export const SELF_SERVICE_ROUTES: ReadonlySet<string> = new Set([
  '/api/log-out',
  '/api/user/acceptPrivacyPolicy',
  '/api/user/acceptUserLicence',
  '/api/user/changePassword',
]);

/** Refuses a command route to a read-only caller (403 forbidden); `route` is the route's pattern. */
export function refuseCommandsToReadOnly(actor: Actor, method: string, route: string): void {
  if (!isReadOnlyActor(actor)) return;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  if (READ_ONLY_POST_ROUTES.has(route) || SELF_SERVICE_ROUTES.has(route)) return;
  throw refused('read_only', 'Auditors may read, not change anything.');
}
