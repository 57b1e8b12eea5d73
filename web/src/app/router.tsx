import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { PageSkeleton } from '../components/PageSkeleton';
import { ACCESS, canOpenDashboard } from '../lib/session/access';
import { setAgreementsRequiredHandler, setApiNavigator } from '../lib/api/api-client';
import { queryClient } from '../lib/api/query-client';
import { profileKeys } from '../lib/session/session';
import { AppLayout } from './AppLayout';
import { allowIfSignedIn, AUTHENTICATED, languageLoader, protect, protectWriting, publicOnly, rootLoader } from './guards';
import { lazyRoute } from './lazy-route';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/** Every page below /:lang is its own chunk with its own error boundary (docs/product.md, screens). */
export const routes: RouteObject[] = [
  { path: '/', loader: rootLoader, HydrateFallback: PageSkeleton },
  {
    path: '/:lang',
    loader: languageLoader,
    // Runs on every navigation: after login the same :lang may have to change to the user's language.
    shouldRevalidate: () => true,
    Component: AppLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: PageSkeleton,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, loader: allowIfSignedIn(ACCESS.orderWork), lazy: lazyRoute(() => import('../features/home/routes/home')) },
          { path: 'home', loader: allowIfSignedIn(ACCESS.orderWork), lazy: lazyRoute(() => import('../features/home/routes/home')) },
          { path: 'login', loader: publicOnly, lazy: lazyRoute(() => import('../features/auth/routes/login')) },
          { path: 'registration', loader: publicOnly, lazy: lazyRoute(() => import('../features/account/routes/registration')) },
          { path: 'forgot-password', loader: publicOnly, lazy: lazyRoute(() => import('../features/account/routes/forgot-password')) },
          { path: 'set-password', loader: publicOnly, lazy: lazyRoute(() => import('../features/set-password/routes/set-password')) },
          { path: 'reset-password', loader: publicOnly, lazy: lazyRoute(() => import('../features/account/routes/reset-password')) },
          // First-run setup: the page asks the api whether the link is good (404 once setup is done).
          { path: 'setup', lazy: lazyRoute(() => import('../features/setup/routes/setup')) },
          { path: 'force/log-in', lazy: lazyRoute(() => import('../features/force-login/routes/force-login')) },
          { path: 'logout', handle: AUTHENTICATED, loader: protect(), lazy: lazyRoute(() => import('./routes/logout')) },
          {
            path: 'contact',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.orderWork),
            lazy: lazyRoute(() => import('../features/contact/routes/contact')),
          },
          {
            path: 'order-confirmation',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.orderConfirmation),
            lazy: lazyRoute(() => import('../features/ordering/routes/order-confirmation')),
          },
          {
            path: 'my-service-orders',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.myServiceOrders),
            lazy: lazyRoute(() => import('../features/orders/routes/my-service-orders')),
          },
          {
            path: 'dashboard',
            handle: { ...AUTHENTICATED, titleKey: 'page.titles.dashboard' },
            loader: protect(canOpenDashboard),
            lazy: lazyRoute(() => import('../features/oem-dashboard/routes/oem-dashboard')),
          },
          {
            path: 'order/:refId',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.orderDetail),
            lazy: lazyRoute(() => import('../features/orders/routes/order-detail')),
            children: [
              { index: true, lazy: lazyRoute(() => import('../features/orders/routes/quote-request-tab')) },
              { path: 'offer', lazy: lazyRoute(() => import('../features/orders/routes/offer-tab')) },
              { path: 'order', lazy: lazyRoute(() => import('../features/orders/routes/order-tab')) },
              { path: 'job-information', lazy: lazyRoute(() => import('../features/orders/routes/job-information-tab')) },
              { path: 'job-results', lazy: lazyRoute(() => import('../features/orders/routes/job-results-tab')) },
              { path: 'invoice', lazy: lazyRoute(() => import('../features/orders/routes/invoice-tab')) },
              { path: 'feedback', lazy: lazyRoute(() => import('../features/orders/routes/feedback-tab')) },
            ],
          },
          {
            path: 'order-history',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.orderHistory),
            lazy: lazyRoute(() => import('../features/order-history/routes/order-history')),
          },
          {
            path: 'service-portfolio',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.servicePortfolio),
            lazy: lazyRoute(() => import('../features/service-portfolio/routes/service-portfolio')),
          },
          // The legal pages are open to everyone, signed in or not (footer links point here).
          { path: 'disclaimer', lazy: lazyRoute(() => import('../features/legal/routes/disclaimer')) },
          { path: 'privacy', lazy: lazyRoute(() => import('../features/legal/routes/privacy')) },
          { path: 'terms', lazy: lazyRoute(() => import('../features/legal/routes/terms')) },
          { path: 'imprint', lazy: lazyRoute(() => import('../features/legal/routes/imprint')) },
          {
            path: 'service-order',
            handle: AUTHENTICATED,
            loader: protectWriting(ACCESS.serviceOrder, 'order'),
            lazy: lazyRoute(() => import('../features/ordering/routes/service-order')),
          },
          {
            path: 'service-quote',
            handle: AUTHENTICATED,
            loader: protectWriting(ACCESS.serviceOrder, 'quote'),
            lazy: lazyRoute(() => import('../features/ordering/routes/service-quote')),
          },
          {
            path: 'user-management',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.userManagementRoute),
            lazy: lazyRoute(() => import('../features/user-management/routes/user-management')),
          },
          {
            path: 'company-information/:uid?',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.companyInformation),
            lazy: lazyRoute(() => import('../features/company-information/routes/company-information')),
          },
          {
            path: 'my-profile',
            handle: AUTHENTICATED,
            loader: protect(),
            lazy: lazyRoute(() => import('../features/my-profile/routes/my-profile')),
          },
          {
            path: 'dev-outbox',
            handle: { ...AUTHENTICATED, titleKey: 'devOutbox.title' },
            loader: protect(ACCESS.devOutbox),
            lazy: lazyRoute(() => import('../features/dev-outbox/routes/dev-outbox')),
          },
          {
            path: 'support-contacts',
            handle: { ...AUTHENTICATED, titleKey: 'supportContacts.title' },
            loader: protect(ACCESS.contentManagement),
            lazy: lazyRoute(() => import('../features/support-contacts/routes/support-contacts')),
          },
          {
            path: 'help-content',
            handle: { ...AUTHENTICATED, titleKey: 'helpContent.title' },
            loader: protect(ACCESS.helpContent),
            lazy: lazyRoute(() => import('../features/help-content/routes/help-content')),
          },
          {
            path: 'legal-documents',
            handle: { ...AUTHENTICATED, titleKey: 'legalDocuments.title' },
            loader: protect(ACCESS.legalDocuments),
            lazy: lazyRoute(() => import('../features/legal-documents/routes/legal-documents')),
          },
          {
            path: 'api-tokens',
            handle: { ...AUTHENTICATED, titleKey: 'apiTokens.title' },
            loader: protect(ACCESS.apiTokens),
            lazy: lazyRoute(() => import('../features/api-tokens/routes/api-tokens')),
          },
          {
            path: 'webhooks',
            handle: { ...AUTHENTICATED, titleKey: 'webhooks.title' },
            loader: protect(ACCESS.webhooks),
            lazy: lazyRoute(() => import('../features/webhooks/routes/webhooks')),
          },
          {
            path: 'catalogue',
            handle: { ...AUTHENTICATED, titleKey: 'catalogueAdmin.title' },
            loader: protect(ACCESS.catalogueAdmin),
            lazy: lazyRoute(() => import('../features/catalogue/routes/catalogue')),
          },
          {
            path: 'coupons',
            handle: { ...AUTHENTICATED, titleKey: 'coupons.title' },
            loader: protect(ACCESS.coupons),
            lazy: lazyRoute(() => import('../features/coupons/routes/coupons')),
          },
          {
            path: 'companies',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.companies),
            lazy: lazyRoute(() => import('../features/companies/routes/companies')),
          },
          {
            path: 'order-form',
            handle: AUTHENTICATED,
            loader: protectWriting(ACCESS.orderForm, 'quote'),
            lazy: lazyRoute(() => import('../features/ordering/routes/order-form')),
          },
          {
            path: 'order-preparation/:refId?',
            handle: AUTHENTICATED,
            loader: protectWriting(ACCESS.orderPreparation),
            lazy: lazyRoute(() => import('../features/ordering/routes/order-preparation')),
          },
          {
            path: 'help',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.help),
            children: [
              { index: true, loader: ({ params }) => redirect(`/${params.lang ?? 'en'}/help/faq`) },
              { path: 'faq', lazy: lazyRoute(() => import('../features/help/routes/faq')) },
              { path: 'manuals', lazy: lazyRoute(() => import('../features/help/routes/manuals')) },
            ],
          },
          {
            path: 'partner-offers',
            handle: { ...AUTHENTICATED, titleKey: 'partners.title' },
            loader: protect(ACCESS.partnerOffers),
            lazy: lazyRoute(() => import('../features/partner-offers/routes/partner-offers')),
          },
          {
            path: 'kpi',
            handle: { ...AUTHENTICATED, titleKey: 'page.titles.kpi' },
            loader: protect(ACCESS.kpi),
            lazy: lazyRoute(() => import('../features/kpi-dashboard/routes/kpi-dashboard')),
          },
          {
            path: 'personal-page',
            handle: AUTHENTICATED,
            loader: protect(ACCESS.personalPage),
            lazy: lazyRoute(() => import('../features/personal-page/routes/personal-page')),
          },
          {
            path: 'accept-usage-conditions',
            handle: { ...AUTHENTICATED, agreementPage: true },
            loader: protect(),
            lazy: lazyRoute(() => import('../features/account/routes/accept-usage-conditions')),
          },
          {
            path: 'accept-privacy-policy',
            handle: { ...AUTHENTICATED, agreementPage: true },
            loader: protect(),
            lazy: lazyRoute(() => import('../features/account/routes/accept-privacy-policy')),
          },
          { path: '404', lazy: lazyRoute(() => import('./routes/not-found')) },
          { path: '*', lazy: lazyRoute(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setApiNavigator((to) => void router.navigate(to, { replace: true }));
  setAgreementsRequiredHandler(() => void queryClient.invalidateQueries({ queryKey: profileKeys.current() }));
  return router;
}
