import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { htmlLang } from '../app/guards';
import { routes } from '../app/router';
import i18n from '../lib/i18n';
import type { Language } from '../lib/languages';

export { LANGUAGES } from '../lib/languages';
export { TOKEN_KEY } from '../lib/token-store';

export interface RenderedLoginPage {
  /** The layout (signed out) with the login page, as the console's first commit draws it. */
  markup: string;
  /** The page's document title, as the login page sets it. */
  title: string;
  /** `<html lang>`, as the language loader sets it. */
  lang: string;
}

/**
 * The login page of one language rendered on the server, for the HTML the console answers `/{lang}/login` with
 * (D85; web/build-login-shell.mjs runs it at build time through Vite). The app's own routes and loaders run (the
 * language loader loads the real texts) inside the app's own providers, so the markup is the page's, never a copy.
 */
export async function renderLoginPage(lang: Language): Promise<RenderedLoginPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost/${lang}/login`));
  if (context instanceof Response) throw new Error(`/${lang}/login answered ${context.status} on the server, not the page.`);
  if (context.errors) throw new Error(`/${lang}/login failed on the server: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <Providers>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
  );
  return { markup, title: `${i18n.t('auth.login.title')} · ${i18n.t('app.name')}`, lang: htmlLang(lang) };
}
