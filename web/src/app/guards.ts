import { redirect, type LoaderFunctionArgs } from 'react-router';
import { defaultPageOf, isStaffAsSelf, mayChange, mayOpen, type RouteAccess } from '../lib/session/access';
import { ApiError } from '../lib/api/api-client';
import i18n, { loadLanguage } from '../lib/i18n/i18n';
import { DEFAULT_LANGUAGE, forcedLanguage, isLanguage, preferredLanguage, saveLanguage, type Language } from '../lib/i18n/languages';
import { paths, safeRedirect, withLanguage } from '../lib/paths';
import { notify } from '../lib/notify';
import { queryClient } from '../lib/api/query-client';
import { fetchProfile, profileQueryOptions, type Profile } from '../lib/session/session';
import { tokenStore } from '../lib/session/token-store';

export function langOf(params: LoaderFunctionArgs['params']): Language {
  return isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
}

/** The `lang` attribute of the page in a language. */
export function htmlLang(language: Language): string {
  return language === 'pt' ? 'pt-BR' : language;
}

/** `/` → the saved or browser language. */
export function rootLoader() {
  return redirect(paths.home(preferredLanguage()));
}

/** The profile for a guard: cached, else fetched; a dead token only rejects (the guard redirects). */
async function loadProfile(): Promise<Profile | null> {
  if (!tokenStore.get()) return null;
  try {
    return await queryClient.ensureQueryData({
      ...profileQueryOptions(),
      queryFn: ({ signal }) => fetchProfile({ signal, redirectOnUnauthorized: false }),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * `/:lang`: an unknown language becomes English (`/fr/login` → `/en/login`, but `/de-AT/x` → `/de/x`);
 * a path without one gets the preferred language (`/login` → `/de/login`). A signed-in user's URL is forced
 * to the language of their country (staff: English). A known one switches the texts before anything renders.
 */
export async function languageLoader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!isLanguage(params.lang)) {
    const segments = url.pathname.split('/');
    const segment = params.lang ?? '';
    const base = segment.split(/[-_]/)[0]?.toLowerCase();
    if (/^[a-z]{2}([-_][a-z]{2,4})?$/i.test(segment)) segments[1] = isLanguage(base) ? base : DEFAULT_LANGUAGE;
    else segments.splice(1, 0, preferredLanguage());
    throw redirect(segments.join('/') + url.search + url.hash);
  }
  const profile = await loadProfile().catch(() => null);
  if (profile) {
    const forced = forcedLanguage(profile);
    if (forced !== params.lang) {
      saveLanguage(forced);
      throw redirect(withLanguage(url.pathname + url.search + url.hash, forced));
    }
  }
  await loadLanguage(params.lang);
  if (i18n.language !== params.lang) await i18n.changeLanguage(params.lang);
  // No document where the login page is rendered at build time (D85): its file carries the language itself.
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(params.lang);
  return null;
}

/** Where a signed-in user lands when a page is not for them (docs/product.md, screens). */
export function defaultPath(profile: Profile, lang: Language): string {
  return paths[defaultPageOf(profile)](lang);
}

/** Marks a route as authenticated, so the shell stops drawing it the moment the session ends. */
export interface RouteHandle {
  requiresAuth?: boolean;
  /** The translation key of the page title (the 'coming soon' state of pages not built yet shows it). */
  titleKey?: string;
  /** The page is itself an agreement to accept (accept-usage-conditions, ...): the shell shows no agreement dialog over it. */
  agreementPage?: boolean;
}
export const AUTHENTICATED: RouteHandle = { requiresAuth: true };

export function isAgreementPage(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as RouteHandle).agreementPage === true;
}

export function requiresAuth(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as RouteHandle).requiresAuth === true;
}

/** Authenticated routes: signed out → login with a redirect back here; a disallowed role → its default page. */
export function protect(access?: RouteAccess) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const lang = langOf(params);
    const url = new URL(request.url);
    const profile = await loadProfile();
    if (!profile) throw redirect(paths.login(lang, url.pathname + url.search));
    if (access && !mayOpen(access, profile)) throw redirect(defaultPath(profile, lang));
    return null;
  };
}

/**
 * Pages that change something (the ordering forms, order preparation): a read-only role (the auditor) never opens
 * them and is told why; staff who are not acting for a customer are sent to choose the customer first when the page
 * orders for one (`actFor`: the order history opens its 'act on behalf' dialog for that purpose).
 */
export function protectWriting(access: RouteAccess, actFor?: 'order' | 'quote') {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const lang = langOf(params);
    const url = new URL(request.url);
    const profile = await loadProfile();
    if (!profile) throw redirect(paths.login(lang, url.pathname + url.search));
    if (!mayChange(profile)) {
      notify('info', i18n.t('access.readOnly'), undefined, { id: 'access-read-only' });
      throw redirect(defaultPath(profile, lang));
    }
    if (actFor && isStaffAsSelf(profile)) throw redirect(`${paths.orderHistory(lang)}?actFor=${actFor}`);
    if (!mayOpen(access, profile)) throw redirect(defaultPath(profile, lang));
    return null;
  };
}

/**
 * Pages open to everyone but meant for signed-in users of some types (imprint, contact): signed out they
 * show; signed in, a disallowed role goes to its default page.
 */
export function allowIfSignedIn(access: RouteAccess) {
  return async ({ params }: LoaderFunctionArgs) => {
    const profile = await loadProfile();
    if (profile && !mayOpen(access, profile)) throw redirect(defaultPath(profile, langOf(params)));
    return null;
  };
}

/** No-auth routes (login, registration, ...): a signed-in user goes on to the redirect target or, like after login, their service orders. */
export async function publicOnly({ params, request }: LoaderFunctionArgs) {
  const lang = langOf(params);
  const profile = await loadProfile();
  if (!profile) return null;
  const target = new URL(request.url).searchParams.get('redirect');
  throw redirect(safeRedirect(target, lang));
}
