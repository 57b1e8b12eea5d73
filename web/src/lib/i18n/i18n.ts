import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../../locales/en/common.json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

/**
 * Only the English texts a page needs before its language has loaded are bundled (common: `app`, `actions`, `error`,
 * `notification`, `page`, `languages` — the loading skeleton, the error boundary and the api client's messages):
 * every page under /:lang renders after its route loader awaited `loadLanguage`. The other English texts, the
 * fallback of every language, come in one chunk requested as the console starts; German and Portuguese are loaded
 * when the console first needs them. Each JSON file holds whole top-level scopes (shared: `nav`, `shell`, `fields`,
 * `status`, `orderEvent`, `timeframeType`, `countries`, `validation`, `dataLoss`, `table`, `menu`, `agreements`,
 * `password`, `verification`, `statusStaff`, `onBehalf`; auth: `auth`; widgets: `widgets`; account: `account`,
 * `legal`, `apiTokens`, `webhooks`; audit: `audit`; orders: `orders`; devtools: `devOutbox`; staff: `staffCommon`, `orderHistory`, `users`,
 * `profile`, `companies`, `companyInfo`, `personalPage`; staff-order: `staffOrder`; ordering: `ordering`;
 * service-portfolio: `portfolio`, `contact`; dashboards: `kpi`, `oemDashboard`; help: `help`; home: `home`; partners:
 * `partners`), so they merge into one namespace without overlapping.
 */
export const resources = {
  en: { translation: { ...enCommon } },
} as const;

type Texts = Record<string, unknown>;
const merged = (files: readonly { default: Texts }[]): Texts => Object.assign({}, ...files.map((file) => file.default));

/** One chunk per language with all of its files; English without the bundled common texts. */
const LOADERS: Readonly<Record<Language, () => Promise<Texts>>> = {
  en: () =>
    Promise.all([
      import('../../locales/en/account.json'),
      import('../../locales/en/audit.json'),
      import('../../locales/en/auth.json'),
      import('../../locales/en/dashboards.json'),
      import('../../locales/en/devtools.json'),
      import('../../locales/en/help.json'),
      import('../../locales/en/home.json'),
      import('../../locales/en/ordering.json'),
      import('../../locales/en/orders.json'),
      import('../../locales/en/partners.json'),
      import('../../locales/en/service-portfolio.json'),
      import('../../locales/en/shared.json'),
      import('../../locales/en/staff.json'),
      import('../../locales/en/staff-order.json'),
      import('../../locales/en/widgets.json'),
    ]).then(merged),
  de: () =>
    Promise.all([
      import('../../locales/de/account.json'),
      import('../../locales/de/audit.json'),
      import('../../locales/de/auth.json'),
      import('../../locales/de/common.json'),
      import('../../locales/de/dashboards.json'),
      import('../../locales/de/devtools.json'),
      import('../../locales/de/help.json'),
      import('../../locales/de/home.json'),
      import('../../locales/de/ordering.json'),
      import('../../locales/de/orders.json'),
      import('../../locales/de/partners.json'),
      import('../../locales/de/service-portfolio.json'),
      import('../../locales/de/shared.json'),
      import('../../locales/de/staff.json'),
      import('../../locales/de/staff-order.json'),
      import('../../locales/de/widgets.json'),
    ]).then(merged),
  pt: () =>
    Promise.all([
      import('../../locales/pt/account.json'),
      import('../../locales/pt/audit.json'),
      import('../../locales/pt/auth.json'),
      import('../../locales/pt/common.json'),
      import('../../locales/pt/dashboards.json'),
      import('../../locales/pt/devtools.json'),
      import('../../locales/pt/help.json'),
      import('../../locales/pt/home.json'),
      import('../../locales/pt/ordering.json'),
      import('../../locales/pt/orders.json'),
      import('../../locales/pt/partners.json'),
      import('../../locales/pt/service-portfolio.json'),
      import('../../locales/pt/shared.json'),
      import('../../locales/pt/staff.json'),
      import('../../locales/pt/staff-order.json'),
      import('../../locales/pt/widgets.json'),
    ]).then(merged),
};

const loading = new Map<Language, Promise<void>>();

function load(language: Language): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = LOADERS[language]().then((texts) => void i18n.addResourceBundle(language, 'translation', texts, true, true));
    // A failed download may be retried by the next navigation.
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** Makes a language's texts available, with the English feature texts every language falls back to. */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([load('en'), language === 'en' ? undefined : load(language)]);
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
// Requested at once, beside the first route's code, rather than after it.
void load('en').catch(() => undefined);

/**
 * Marks a string as a translation key that is translated later (zod messages, tables of labels), so the
 * key-usage test finds it like a call of `t`.
 */
export function i18nKey<K extends string>(key: K): K {
  return key;
}

export default i18n;
