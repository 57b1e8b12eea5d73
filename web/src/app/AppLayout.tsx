import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches, useNavigate, useSearchParams } from 'react-router';
import { PageSkeleton } from '../components/PageSkeleton';
import { HeaderContact } from '../components/shell/HeaderContact';
import { loadAgreementDialogs } from '../components/shell/lazy-parts';
import { Shell, type ShellNavItem } from '../components/shell/Shell';
import { pendingAgreements } from '../lib/session/agreements';
import { isTestHost } from '../lib/host';
import { type Language } from '../lib/i18n/languages';
import { useLanguage } from '../lib/i18n/use-language';
import { useLiveUpdates } from '../lib/api/live-updates';
import { pageCommitted, usePageReady } from '../lib/page-ready';
import { removeServerPage } from '../lib/server-page';
import { logOut } from '../lib/session/log-out';
import { primaryNavEntries, userMenuEntries } from '../lib/menu';
import { notify } from '../lib/notify';
import { paths } from '../lib/paths';
import { ACCESS, can } from '../lib/session/access';
import { useServerInfo } from '../lib/api/server-info';
import { useProfile } from '../lib/session/session';
import { useToken } from '../lib/session/token-store';
import { isAgreementPage, requiresAuth } from './guards';
import { verificationNotice } from './verification';

/** Shown only to staff acting on behalf and on the test host; their own chunk (Mantine's alert, i18next's Trans). */
const loadBanners = () => import('../components/shell/Banners');
const OnBehalfBanner = lazy(() => loadBanners().then((module) => ({ default: module.OnBehalfBanner })));
const UatWarning = lazy(() => loadBanners().then((module) => ({ default: module.UatWarning })));

/** Shown only after a login with agreements pending; its own chunk (Mantine's modal). */
const AgreementDialogs = lazy(() => loadAgreementDialogs().then((module) => ({ default: module.AgreementDialogs })));

/**
 * The e-mail verification query (`?verify=…&message=…&token=…`, from the link in the e-mail) becomes a
 * notification once; the query is then removed. An expired link sends a signed-out user to login.
 */
function useVerificationNotice(lang: Language, signedIn: boolean) {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    const notice = verificationNotice(searchParams);
    if (!notice) return;
    notify(notice.kind, t(notice.message));
    if (notice.toLogin && !signedIn) {
      void navigate(paths.login(lang), { replace: true });
      return;
    }
    const rest = new URLSearchParams(searchParams);
    for (const key of ['verify', 'message', 'token']) rest.delete(key);
    setSearchParams(rest, { replace: true });
  }, [searchParams, setSearchParams, navigate, lang, signedIn, t]);
}

/** The shell around every /:lang route, with the navigation the signed-in user may use. */
export function AppLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lang = useLanguage();
  const profile = useProfile();
  const contactForm = profile && can(ACCESS.orderWork, profile) ? paths.contact(lang) : null;
  const token = useToken();
  // Only the user menu's entries (the dev outbox) need it: asked for once the first page is ready (lib/page-ready.ts).
  const server = useServerInfo({ enabled: usePageReady() });
  // When the session ends (logout, 401) the page must go at once: its queries would refetch without a token.
  const matches = useMatches();
  const sessionGone = token === null && matches.some((match) => requiresAuth(match.handle));
  useVerificationNotice(lang, Boolean(token));
  useLiveUpdates(token);
  // The first page is drawn with this commit: the shell's other parts follow once it has its data (lib/page-ready.ts).
  useEffect(pageCommitted, []);
  // The server's copy of the page (D85, D101), if the document came with one, goes before this first commit is drawn.
  useLayoutEffect(removeServerPage, []);

  const endSession = () => void logOut().finally(() => void navigate(paths.login(lang), { replace: true }));
  const nav: ShellNavItem[] = profile
    ? primaryNavEntries(profile, lang).map((entry) => ({
        to: entry.to,
        label: t(entry.label),
        testId: `nav-${entry.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
      }))
    : [];
  // Agreements are accepted by the user themself, never by staff acting on behalf.
  // The accept-* pages are those agreements as pages: no dialog on top of them.
  const agreementsPending = Boolean(
    profile && !profile.blUser && pendingAgreements(profile).length > 0 && !matches.some((match) => isAgreementPage(match.handle)),
  );

  const banners = profile ? (
    <Suspense fallback={null}>
      {profile.blUser ? (
        <OnBehalfBanner
          staff={profile.blUser}
          customer={profile}
          companyName={profile.company?.name}
          onStopped={() => void navigate(paths.orderHistory(lang))}
        />
      ) : null}
      {profile.type !== 'BL' && !profile.blUser && isTestHost(window.location.hostname) ? <UatWarning /> : null}
    </Suspense>
  ) : null;

  return (
    <Shell
      lang={lang}
      homePath={paths.home(lang)}
      nav={nav}
      user={profile ? { ...profile, companyName: profile.company?.name } : undefined}
      menu={profile ? userMenuEntries(profile, lang, { devOutbox: server.data?.devOutbox }) : []}
      contact={
        profile ? (
          <HeaderContact type={profile.type} country={profile.country} countriesToOrder={profile.countriesToOrder} contactFormPath={contactForm} />
        ) : null
      }
      drawerContact={
        profile ? (
          <HeaderContact type={profile.type} country={profile.country} countriesToOrder={profile.countriesToOrder} contactFormPath={contactForm} stacked />
        ) : null
      }
      banners={banners}
      loginPath={paths.login(lang)}
      registerPath={paths.registration(lang)}
      onLogout={endSession}
    >
      <ScrollRestoration />
      {sessionGone || agreementsPending ? <PageSkeleton /> : <Outlet />}
      {profile && agreementsPending ? (
        <Suspense fallback={null}>
          <AgreementDialogs
            profile={profile}
            language={lang}
            onReject={() => {
              queryClient.removeQueries({ queryKey: ['legal-documents'] });
              endSession();
            }}
          />
        </Suspense>
      ) : null}
    </Shell>
  );
}
