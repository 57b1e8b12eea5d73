import { ACCESS, can, canOpenDashboard, type AccessSubject } from './session/access';
import { i18nKey } from './i18n/i18n';
import type { Language } from './i18n/languages';
import { paths } from './paths';

export interface MenuEntry {
  key: string;
  /** Translation key of the label. */
  label: string;
  to: string;
}

interface MenuUser extends AccessSubject {
  company?: { uid?: string | null } | null;
}

/**
 * The user menu in its order, with who sees each entry. Logout is last and always there.
 */
export function userMenuEntries(user: MenuUser, lang: Language, server: { devOutbox?: boolean } = {}): MenuEntry[] {
  const entries: (MenuEntry & { visible: boolean })[] = [
    { key: 'orderHistory', label: i18nKey('menu.orderHistory'), to: paths.orderHistory(lang), visible: can(ACCESS.orderHistory, user) },
    { key: 'companies', label: i18nKey('menu.companies'), to: paths.companies(lang), visible: can(ACCESS.companies, user) },
    { key: 'userManagement', label: i18nKey('menu.userManagement'), to: paths.userManagement(lang), visible: can(ACCESS.userManagement, user) },
    {
      key: 'companyInformation',
      label: i18nKey('menu.companyInformation'),
      to: paths.companyInformation(lang, user.company?.uid),
      visible: can(ACCESS.companyInformationMenu, user),
    },
    { key: 'apiTokens', label: i18nKey('menu.apiTokens'), to: paths.apiTokens(lang), visible: can(ACCESS.apiTokens, user) },
    { key: 'webhooks', label: i18nKey('menu.webhooks'), to: paths.webhooks(lang), visible: can(ACCESS.webhooks, user) },
    { key: 'myProfile', label: i18nKey('menu.myProfile'), to: paths.myProfile(lang), visible: true },
    { key: 'servicePortfolio', label: i18nKey('menu.servicePortfolio'), to: paths.servicePortfolio(lang), visible: can(ACCESS.servicePortfolioMenu, user) },
    { key: 'kpi', label: i18nKey('menu.kpi'), to: paths.kpi(lang), visible: can(ACCESS.kpi, user) },
    { key: 'help', label: i18nKey('menu.help'), to: paths.help(lang), visible: can(ACCESS.help, user) },
    { key: 'partnerOffers', label: i18nKey('menu.partnerOffers'), to: paths.partnerOffers(lang), visible: can(ACCESS.partnerOffers, user) },
    { key: 'personalPage', label: i18nKey('menu.personalPage'), to: paths.personalPage(lang), visible: can(ACCESS.personalPage, user) },
    { key: 'dashboard', label: i18nKey('menu.dashboard'), to: paths.dashboard(lang), visible: canOpenDashboard(user) },
    { key: 'helpContent', label: i18nKey('menu.helpContent'), to: paths.helpContent(lang), visible: can(ACCESS.helpContent, user) },
    { key: 'catalogue', label: i18nKey('menu.catalogue'), to: paths.catalogue(lang), visible: can(ACCESS.catalogueAdmin, user) },
    { key: 'coupons', label: i18nKey('menu.coupons'), to: paths.coupons(lang), visible: can(ACCESS.coupons, user) },
    { key: 'supportContacts', label: i18nKey('menu.supportContacts'), to: paths.supportContacts(lang), visible: can(ACCESS.contentManagement, user) },
    { key: 'legalDocuments', label: i18nKey('menu.legalDocuments'), to: paths.legalDocuments(lang), visible: can(ACCESS.legalDocuments, user) },
    // Not a product screen: the embedded profile's dev outbox, for staff administrators (demo links work without mail).
    { key: 'devOutbox', label: i18nKey('devOutbox.menu'), to: paths.devOutbox(lang), visible: server.devOutbox === true && can(ACCESS.devOutbox, user) },
    { key: 'logout', label: i18nKey('actions.logout'), to: paths.logout(lang), visible: true },
  ];
  return entries.filter((entry) => entry.visible).map(({ visible: _visible, ...entry }) => entry);
}

/** The primary navigation: OEM roles except MANAGEMENT get the portfolio; customers their orders; EC 'get a quote'. */
export function primaryNavEntries(user: AccessSubject, lang: Language): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (can(ACCESS.servicePortfolioMenu, user)) {
    entries.push({ key: 'servicePortfolio', label: i18nKey('nav.servicePortfolio'), to: paths.servicePortfolio(lang) });
  }
  if (can(ACCESS.myServiceOrders, user)) {
    entries.push({ key: 'myServiceOrders', label: i18nKey('nav.myServiceOrders'), to: paths.myServiceOrders(lang) });
  }
  if (can(ACCESS.getQuoteNav, user)) entries.push({ key: 'getQuote', label: i18nKey('nav.getQuote'), to: paths.orderForm(lang) });
  return entries;
}
