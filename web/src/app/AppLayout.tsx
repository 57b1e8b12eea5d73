import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches, useNavigate, useParams } from 'react-router';
import { PageSkeleton } from '../components/PageSkeleton';
import { Shell, type ShellNavItem } from '../components/shell/Shell';
import { useLogOut } from '../features/auth/api/log-out';
import { ACCESS, can } from '../lib/access';
import { DEFAULT_LANGUAGE, isLanguage } from '../lib/languages';
import { paths } from '../lib/paths';
import { useProfile } from '../lib/session';
import { useToken } from '../lib/token-store';
import { requiresAuth } from './guards';

/** The shell around every /:lang route, with the navigation the signed-in user may use. */
export function AppLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { lang: langParam } = useParams();
  const lang = isLanguage(langParam) ? langParam : DEFAULT_LANGUAGE;
  const profile = useProfile();
  const token = useToken();
  const logOut = useLogOut();
  // When the session ends (logout, 401) the page must go at once: its queries would refetch without a token.
  const matches = useMatches();
  const sessionGone = token === null && matches.some((match) => requiresAuth(match.handle));

  const nav: ShellNavItem[] = [];
  if (profile && can(ACCESS.myServiceOrders, profile)) {
    nav.push({ to: paths.myServiceOrders(lang), label: t('nav.myServiceOrders'), testId: 'nav-my-service-orders' });
  }
  if (profile && can(ACCESS.getQuoteNav, profile)) {
    nav.push({ to: paths.orderForm(lang), label: t('nav.getQuote'), testId: 'nav-get-quote' });
  }

  return (
    <Shell
      lang={lang}
      homePath={paths.home(lang)}
      nav={nav}
      user={profile ? { ...profile, companyName: profile.company?.name } : undefined}
      loginPath={paths.login(lang)}
      onLogout={() =>
        logOut.mutate(undefined, {
          onSettled: () => void navigate(paths.login(lang), { replace: true }),
        })
      }
    >
      <ScrollRestoration />
      {sessionGone ? <PageSkeleton /> : <Outlet />}
    </Shell>
  );
}
