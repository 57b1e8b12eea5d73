import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import deAuth from '../locales/de/auth.json';
import deCommon from '../locales/de/common.json';
import deDevtools from '../locales/de/devtools.json';
import deOrders from '../locales/de/orders.json';
import deStaff from '../locales/de/staff.json';
import deWidgets from '../locales/de/widgets.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enDevtools from '../locales/en/devtools.json';
import enOrders from '../locales/en/orders.json';
import enStaff from '../locales/en/staff.json';
import enWidgets from '../locales/en/widgets.json';
import ptAuth from '../locales/pt/auth.json';
import ptCommon from '../locales/pt/common.json';
import ptDevtools from '../locales/pt/devtools.json';
import ptOrders from '../locales/pt/orders.json';
import ptStaff from '../locales/pt/staff.json';
import ptWidgets from '../locales/pt/widgets.json';
import deAccount from '../locales/de/account.json';
import deAudit from '../locales/de/audit.json';
import deStaffOrder from '../locales/de/staff-order.json';
import enAccount from '../locales/en/account.json';
import enAudit from '../locales/en/audit.json';
import enStaffOrder from '../locales/en/staff-order.json';
import ptAccount from '../locales/pt/account.json';
import ptAudit from '../locales/pt/audit.json';
import ptStaffOrder from '../locales/pt/staff-order.json';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages';

/**
 * All texts are bundled (no network loading). Each JSON file holds whole top-level scopes
 * (common: shared `fields`, `actions`, `status`, `error`, ...; auth: `auth`; orders: `orders`; widgets: `widgets`; devtools: `devOutbox`; staff: `staffCommon`, `orderHistory`, `users`, `profile`, `companies`, `companyInfo`, `personalPage`; account: `account`, `legal`; audit: `audit`; staff-order: `staffOrder`),
 * so they merge into one namespace without overlapping.
 */
export const resources = {
  en: { translation: { ...enCommon, ...enAuth, ...enOrders, ...enWidgets, ...enDevtools, ...enStaff, ...enAccount, ...enAudit, ...enStaffOrder } },
  de: { translation: { ...deCommon, ...deAuth, ...deOrders, ...deWidgets, ...deDevtools, ...deStaff, ...deAccount, ...deAudit, ...deStaffOrder } },
  pt: { translation: { ...ptCommon, ...ptAuth, ...ptOrders, ...ptWidgets, ...ptDevtools, ...ptStaff, ...ptAccount, ...ptAudit, ...ptStaffOrder } },
} as const;

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
