import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, useParams, type RouteObject } from 'react-router';
import { Providers } from '../app/providers';
import { htmlLang, languageLoader } from '../app/guards';
import { routes } from '../app/router';
import { Shell } from '../components/shell/Shell';
import { serviceOrdersEarlyRequests } from '../features/orders/routes/early-requests';
import type { EarlyRequestSpec } from '../lib/early-requests';
import i18n from '../lib/i18n';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../lib/languages';
import { paths } from '../lib/paths';
import { PROFILE_REQUEST } from '../lib/session';

export { LANGUAGES } from '../lib/languages';
export { TOKEN_KEY } from '../lib/token-store';
export { SERVER_PAGE_ID } from '../lib/server-page';
export { EARLY_REQUESTS_GLOBAL, EARLY_REQUESTS_META } from '../lib/early-requests';
export { ON_BEHALF_KEY } from '../lib/on-behalf';

export interface RenderedPage {
  /** The page as the console's first commit draws it. */
  markup: string;
  /** The page's document title, as the page sets it. */
  title: string;
  /** `<html lang>`, as the language loader sets it. */
  lang: string;
  /** What the page's console asks the api for first, sent by the server's page while the scripts load (D102). */
  earlyRequests?: EarlyRequestSpec[];
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
  const { lang: langParam } = useParams();
  const lang = isLanguage(langParam) ? langParam : DEFAULT_LANGUAGE;
  return (
    <Shell lang={lang} homePath={paths.home(lang)} nav={[]} signedIn onLogout={() => undefined} loginPath={paths.login(lang)} registerPath={paths.registration(lang)}>
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

/**
 * 'My service orders' of one language for a signed-in visitor (D101), for the HTML the console answers
 * `/{lang}/my-service-orders` with: the header and the page's own route module (its title, filters and the list's
 * loading rows) as they are drawn before the user's profile and list arrive. Nothing of a user is in it. Its early
 * requests: the profile and the list's first two (D102).
 */
export async function renderServiceOrdersFrame(lang: Language): Promise<RenderedPage> {
  const markup = await renderRoute(serviceOrdersFrame, `/${lang}/my-service-orders`);
  return {
    markup,
    title: `${i18n.t('orders.list.title')} · ${i18n.t('app.name')}`,
    lang: htmlLang(lang),
    earlyRequests: [PROFILE_REQUEST, ...serviceOrdersEarlyRequests()],
  };
}
