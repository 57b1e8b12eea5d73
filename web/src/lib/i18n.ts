import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAccount from '../locales/en/account.json';
import enAudit from '../locales/en/audit.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enDashboards from '../locales/en/dashboards.json';
import enDevtools from '../locales/en/devtools.json';
import enHelp from '../locales/en/help.json';
import enHome from '../locales/en/home.json';
import enOrdering from '../locales/en/ordering.json';
import enOrders from '../locales/en/orders.json';
import enPartners from '../locales/en/partners.json';
import enPortfolio from '../locales/en/service-portfolio.json';
import enStaff from '../locales/en/staff.json';
import enStaffOrder from '../locales/en/staff-order.json';
import enWidgets from '../locales/en/widgets.json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

/**
 * English, the fallback, is bundled; German and Portuguese are loaded when the console first needs them (the
 * language loader awaits `loadLanguage`), so a user downloads one language, not three. Each JSON file holds whole
 * top-level scopes (common: shared `fields`, `actions`, `status`, `error`, ...; auth: `auth`; orders: `orders`;
 * widgets: `widgets`; devtools: `devOutbox`; staff: `staffCommon`, `orderHistory`, `users`, `profile`, `companies`,
 * `companyInfo`, `personalPage`; account: `account`, `legal`; audit: `audit`; staff-order: `staffOrder`; ordering: `ordering`; service-portfolio: `portfolio`, `contact`; dashboards: `kpi`, `oemDashboard`; help: `help`; home: `home`; partners: `partners`), so they
 * merge into one namespace without overlapping.
 */
export const resources = {
  en: { translation: { ...enAccount, ...enAudit, ...enAuth, ...enCommon, ...enDashboards, ...enDevtools, ...enHelp, ...enHome, ...enOrdering, ...enOrders, ...enPartners, ...enPortfolio, ...enStaff, ...enStaffOrder, ...enWidgets } },
} as const;

type Texts = Record<string, unknown>;
const merged = (files: readonly { default: Texts }[]): Texts => Object.assign({}, ...files.map((file) => file.default));

/** One chunk per language with all of its files. */
const LOADERS: Readonly<Record<Exclude<Language, 'en'>, () => Promise<Texts>>> = {
  de: () => Promise.all([import('../locales/de/account.json'), import('../locales/de/audit.json'), import('../locales/de/auth.json'), import('../locales/de/common.json'), import('../locales/de/dashboards.json'), import('../locales/de/devtools.json'), import('../locales/de/help.json'), import('../locales/de/home.json'), import('../locales/de/ordering.json'), import('../locales/de/orders.json'), import('../locales/de/partners.json'), import('../locales/de/service-portfolio.json'), import('../locales/de/staff.json'), import('../locales/de/staff-order.json'), import('../locales/de/widgets.json')]).then(merged),
  pt: () => Promise.all([import('../locales/pt/account.json'), import('../locales/pt/audit.json'), import('../locales/pt/auth.json'), import('../locales/pt/common.json'), import('../locales/pt/dashboards.json'), import('../locales/pt/devtools.json'), import('../locales/pt/help.json'), import('../locales/pt/home.json'), import('../locales/pt/ordering.json'), import('../locales/pt/orders.json'), import('../locales/pt/partners.json'), import('../locales/pt/service-portfolio.json'), import('../locales/pt/staff.json'), import('../locales/pt/staff-order.json'), import('../locales/pt/widgets.json')]).then(merged),
};

/** Makes a language's texts available (a no-op for English and for a language already loaded). */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await LOADERS[language](), true, true);
}

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/**
 * Marks a string as a translation key that is translated later (zod messages, tables of labels), so the
 * key-usage test finds it like a call of `t`.
 */
export function i18nKey<K extends string>(key: K): K {
  return key;
}

export default i18n;
