import { COUNTRY_CODES, isAllowed, ROLES_BY_TYPE, USER_TYPES, type Role, type UserType } from '@onsite/domain';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, type RouteObject } from 'react-router';
import { Providers } from '../app/providers';
import { htmlLang, languageLoader } from '../app/guards';
import { routes } from '../app/router';
import { Shell } from '../components/shell/Shell';
import { emptyServiceOrdersAnswers, serviceOrdersEarlyRequests } from '../features/orders/routes/early-requests';
import { ACCESS } from '../lib/session/access';
import type { EarlyRequestSpec } from '../lib/api/early-requests';
import i18n from '../lib/i18n/i18n';
import { forcedLanguage, type Language } from '../lib/i18n/languages';
import { useLanguage } from '../lib/i18n/use-language';
import { paths } from '../lib/paths';
import { queryClient } from '../lib/api/query-client';
import { PROFILE_REQUEST, profileKeys, type Profile } from '../lib/session/session';
import { TOKEN_KEY } from '../lib/session/token-store';

export { LANGUAGES } from '../lib/i18n/languages';
export { TOKEN_KEY } from '../lib/session/token-store';
export { SERVER_PAGE_ID } from '../lib/server-page';
export { EARLY_REQUESTS_GLOBAL, EARLY_REQUESTS_META } from '../lib/api/early-requests';
export { ON_BEHALF_KEY } from '../lib/session/on-behalf';

export interface RenderedPage {
  /** The page as the console's first commit draws it. */
  markup: string;
  /** The page's document title, as the page sets it. */
  title: string;
  /** `<html lang>`, as the language loader sets it. */
  lang: string;
  /** What the page's console asks the api for first, sent by the server's page while the scripts load (D102). */
  earlyRequests?: EarlyRequestSpec[];
  /**
   * The page's <main> as the console draws it when the early answers show no order at all, for the users each lists
   * (D103): public/server-page.js puts the one for this user in place of the loading rows.
   */
  variants?: PageVariant[];
}

/**
 * One drawing of a page's <main> with an empty list, and the users it is for: `TYPE ROLE` of a user of one of
 * `countries` (the console sends any other user to the page of their country's language first) (D103).
 */
export interface PageVariant {
  when: string[];
  countries: string[];
  main: string;
}

/** Renders `path` of `routeTree` (its loaders run: the language loader loads the real texts) to markup. */
async function renderRoute(routeTree: RouteObject[], path: string): Promise<string> {
  const handler = createStaticHandler(routeTree);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} on the server, not the page.`);
  if (context.errors) throw new Error(`${path} failed on the server: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <Providers>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
  );
}

/**
 * The login page of one language rendered on the server, for the HTML the console answers `/{lang}/login` with
 * (D85; web/build-server-pages.mjs runs it at build time through Vite). The app's own routes and loaders run inside
 * the app's own providers, so the markup is the page's, never a copy.
 */
export async function renderLoginPage(lang: Language): Promise<RenderedPage> {
  const markup = await renderRoute(routes, `/${lang}/login`);
  return { markup, title: `${i18n.t('auth.login.title')} · ${i18n.t('app.name')}`, lang: htmlLang(lang) };
}

/** The layout of a signed-in user whose profile has not come yet: the header without navigation or user menu. */
function SignedInFrame() {
  const lang = useLanguage();
  return (
    <Shell
      lang={lang}
      homePath={paths.home(lang)}
      nav={[]}
      signedIn
      onLogout={() => undefined}
      loginPath={paths.login(lang)}
      registerPath={paths.registration(lang)}
    >
      <Outlet />
    </Shell>
  );
}

/** 'My service orders' as the app's route module draws it before the profile and the list have come. */
const serviceOrdersFrame: RouteObject[] = [
  {
    path: '/:lang',
    loader: languageLoader,
    Component: SignedInFrame,
    children: [{ path: 'my-service-orders', lazy: () => import('../features/orders/routes/my-service-orders') }],
  },
];

/** A user of `type` and `role`, as the profile request answers, for drawing a page for them at build time. */
function buildTimeProfile(type: UserType, role: Role, country: string, lang: Language): Profile {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    _id: 'build',
    email: 'build@onsite.invalid',
    firstName: '',
    lastName: '',
    title: null,
    phone: null,
    type,
    role,
    country,
    language: lang,
    status: 'ACTIVE',
    company: { _id: 'build', uid: 'build', name: '', completed: true },
    tags: [],
    countriesToOrder: [],
    countriesFilter: [],
    hasKibanaAccess: false,
    dashboardTags: [],
    notificationSettings: { emails: [], sms: false, whatsapp: false },
    supervisorOnly: false,
    acceptUserLicence: true,
    privacyPolicyAccepted: true,
    emailVerified: true,
    registeredAt: at,
    updatedAt: at,
  };
}

/** What the page's <main> holds: the route's own part of the page (the shell around it does not change). */
function mainOf(markup: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(markup);
  if (main?.[1] === undefined) throw new Error('The page has no <main>.');
  return main[1];
}

/**
 * 'My service orders' of a user with no order at all, drawn for every kind of user who may open it (D103): the route's
 * own module with the answers in the query cache and a signed-in session lent for the render. Users whose pages are the
 * same share a drawing. (Orders the status filter hides are not drawn: the page says how many, which the answers
 * would have to fill in.)
 */
async function renderEmptyServiceOrders(lang: Language): Promise<PageVariant[]> {
  const drawings = new Map<string, PageVariant>();
  const lent = { getItem: (key: string) => (key === TOKEN_KEY ? 'build' : null) };
  for (const type of USER_TYPES) {
    for (const role of ROLES_BY_TYPE[type]) {
      const countries = COUNTRY_CODES.filter((country) => forcedLanguage({ type, country }) === lang);
      if (!isAllowed(ACCESS.myServiceOrders, { type, role }) || countries[0] === undefined) continue;
      queryClient.setQueryData(profileKeys.current(), buildTimeProfile(type, role, countries[0], lang));
      for (const { queryKey, data } of emptyServiceOrdersAnswers()) queryClient.setQueryData(queryKey, data);
      Object.assign(globalThis, { localStorage: lent });
      try {
        const main = mainOf(await renderRoute(serviceOrdersFrame, `/${lang}/my-service-orders`));
        const drawing = drawings.get(main) ?? { when: [], countries, main };
        if (drawing.countries.join() !== countries.join()) throw new Error(`The users of one drawing of ${lang} come from different countries.`);
        drawings.set(main, { ...drawing, when: [...drawing.when, `${type} ${role}`] });
      } finally {
        delete (globalThis as { localStorage?: unknown }).localStorage;
        queryClient.clear();
      }
    }
  }
  return [...drawings.values()];
}

/**
 * 'My service orders' of one language for a signed-in visitor (D101), for the HTML the console answers
 * `/{lang}/my-service-orders` with: the header and the page's own route module (its title, filters and the list's
 * loading rows) as they are drawn before the user's profile and list arrive. Nothing of a user is in it. Its early
 * requests: the profile and the list's first two (D102); its variants: the empty list, per kind of user (D103).
 */
export async function renderServiceOrdersFrame(lang: Language): Promise<RenderedPage> {
  const markup = await renderRoute(serviceOrdersFrame, `/${lang}/my-service-orders`);
  return {
    markup,
    title: `${i18n.t('orders.list.title')} · ${i18n.t('app.name')}`,
    lang: htmlLang(lang),
    earlyRequests: [{ ...PROFILE_REQUEST, kind: 'profile' }, ...serviceOrdersEarlyRequests()],
    variants: await renderEmptyServiceOrders(lang),
  };
}
