import { DEFAULT_LANGUAGE, isLanguage, type Language } from './i18n/languages';

/** Every link of the console is built here, so a route can move without hunting for string literals. */
export const paths = {
  home: (lang: Language) => `/${lang}`,
  login: (lang: Language, redirect?: string) => `/${lang}/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`,
  myServiceOrders: (lang: Language) => `/${lang}/my-service-orders`,
  order: (lang: Language, refId: string) => `/${lang}/order/${encodeURIComponent(refId)}`,
  orderForm: (lang: Language, start?: OrderStart) => `/${lang}/order-form${orderStartQuery(start)}`,
  /** The OEM order process: a direct order, or a quote request (service-quote). */
  serviceOrder: (lang: Language, start?: OrderStart) => `/${lang}/service-order${orderStartQuery(start)}`,
  serviceQuote: (lang: Language, start?: OrderStart) => `/${lang}/service-quote${orderStartQuery(start)}`,
  orderConfirmation: (lang: Language, refId?: string) => `/${lang}/order-confirmation${refId ? `?refId=${encodeURIComponent(refId)}` : ''}`,
  orderPreparation: (lang: Language, refId?: string) => `/${lang}/order-preparation${refId ? `/${encodeURIComponent(refId)}` : ''}`,
  notFound: (lang: Language) => `/${lang}/404`,
  imprint: (lang: Language) => `/${lang}/imprint`,
  privacy: (lang: Language) => `/${lang}/privacy`,
  terms: (lang: Language) => `/${lang}/terms`,
  disclaimer: (lang: Language) => `/${lang}/disclaimer`,
  registration: (lang: Language) => `/${lang}/registration`,
  forgotPassword: (lang: Language) => `/${lang}/forgot-password`,
  logout: (lang: Language) => `/${lang}/logout`,
  contact: (lang: Language) => `/${lang}/contact`,
  servicePortfolio: (lang: Language) => `/${lang}/service-portfolio`,
  orderHistory: (lang: Language) => `/${lang}/order-history`,
  companies: (lang: Language) => `/${lang}/companies`,
  userManagement: (lang: Language) => `/${lang}/user-management`,
  companyInformation: (lang: Language, uid?: string | null) => `/${lang}/company-information${uid ? `/${encodeURIComponent(uid)}` : ''}`,
  myProfile: (lang: Language) => `/${lang}/my-profile`,
  kpi: (lang: Language) => `/${lang}/kpi`,
  help: (lang: Language) => `/${lang}/help`,
  partnerOffers: (lang: Language) => `/${lang}/partner-offers`,
  personalPage: (lang: Language) => `/${lang}/personal-page`,
  dashboard: (lang: Language) => `/${lang}/dashboard`,
  devOutbox: (lang: Language) => `/${lang}/dev-outbox`,
  supportContacts: (lang: Language) => `/${lang}/support-contacts`,
  coupons: (lang: Language) => `/${lang}/coupons`,
  apiTokens: (lang: Language) => `/${lang}/api-tokens`,
  webhooks: (lang: Language) => `/${lang}/webhooks`,
  catalogue: (lang: Language) => `/${lang}/catalogue`,
  helpContent: (lang: Language) => `/${lang}/help-content`,
  legalDocuments: (lang: Language) => `/${lang}/legal-documents`,
  acceptUsageConditions: (lang: Language) => `/${lang}/accept-usage-conditions`,
  acceptPrivacyPolicy: (lang: Language) => `/${lang}/accept-privacy-policy`,
};

/**
 * How an ordering route starts: the services picked in the portfolio and the country they were priced for,
 * a server draft (INCOMPLETE order) to resume, an order to copy (reorder), or the step to open.
 */
export interface OrderStart {
  readonly services?: readonly string[];
  readonly country?: string;
  /** The reference (refId) of a server draft, a changed order or an accepted order to complete. */
  readonly draft?: string;
  readonly reorder?: string;
  readonly step?: string;
}

function orderStartQuery(start: OrderStart | undefined): string {
  if (!start) return '';
  const query = new URLSearchParams();
  if (start.services?.length) query.set('services', start.services.join(','));
  if (start.country) query.set('country', start.country);
  if (start.draft) query.set('draft', start.draft);
  if (start.reorder) query.set('reorder', start.reorder);
  if (start.step) query.set('step', start.step);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The language of a console path (`/de/order/X` → de), English when the path has none we support. */
export function languageFromPath(pathname: string): Language {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** The same page in another language: `/en/order/X?y` → `/de/order/X?y`. */
export function withLanguage(pathWithQuery: string, lang: Language): string {
  const [path = '', ...rest] = pathWithQuery.split(/(?=[?#])/);
  const segments = path.split('/');
  if (segments.length > 1 && isLanguage(segments[1])) segments[1] = lang;
  else segments.splice(1, 0, lang);
  const rebuilt = segments.join('/').replace(/\/$/, '') || `/${lang}`;
  return rebuilt + rest.join('');
}

export function isLoginPath(pathname: string): boolean {
  return /^\/[^/]+\/login\/?$/.test(pathname);
}

/**
 * Where to go after login: only a path of this console (never another origin, never the login page
 * itself); anything else falls back to my service orders.
 */
export function safeRedirect(target: string | null | undefined, lang: Language): string {
  const fallback = paths.myServiceOrders(lang);
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  const pathname = target.split(/[?#]/)[0] ?? '';
  return isLoginPath(pathname) ? fallback : target;
}
