import { Box, Burger, Button, Container, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import type { Language } from '../../lib/i18n/languages';
import type { MenuEntry } from '../../lib/menu';
import { Footer } from './Footer';
import { LanguageSelect } from './LanguageSelect';
import { loadNavDrawer, prefetchShellParts } from './lazy-parts';
import type { ShellNavItem } from './NavDrawer';
import { Logo } from './Logo';
import { UserMenu, type ShellUser } from './UserMenu';

export type { ShellNavItem } from './NavDrawer';

export interface ShellProps {
  lang: Language;
  homePath: string;
  nav: readonly ShellNavItem[];
  /** Signed in: the user and their menu entries. */
  user?: ShellUser;
  /**
   * Signed in, the user not known yet (the server's copy of a signed-in page, D101): neither the user's menu nor the
   * login and register buttons.
   */
  signedIn?: boolean;
  menu?: readonly MenuEntry[];
  onLogout: () => void;
  /** The header contact (support phone and e-mail, or the contact modal link). */
  contact?: ReactNode;
  /** The same contact laid out for the navigation drawer, where narrow screens find it. */
  drawerContact?: ReactNode;
  /** Banners under the header (on behalf, UAT warning). */
  banners?: ReactNode;
  /** Signed out: the login and register buttons, each hidden on its own page. */
  loginPath: string;
  registerPath: string;
  children: ReactNode;
}

function PrimaryNav({ items }: { items: readonly ShellNavItem[] }) {
  return (
    <Group gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li key={item.to}>
          <UnstyledButton component={NavLink} to={item.to} className="onsite-nav-link" data-testid={item.testId}>
            {item.label}
          </UnstyledButton>
        </li>
      ))}
    </Group>
  );
}

const NavDrawer = lazy(() => loadNavDrawer().then((module) => ({ default: module.NavDrawer })));

const onPage = (pathname: string, target: string) => pathname.replace(/\/$/, '') === (target.split('?')[0] ?? target);

/** Header (logo, navigation, contact, language or user), banners, the routed page, footer. */
export function Shell({
  lang,
  homePath,
  nav,
  user,
  signedIn = false,
  menu = [],
  onLogout,
  contact,
  drawerContact,
  banners,
  loginPath,
  registerPath,
  children,
}: ShellProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [drawerOpen, drawer] = useDisclosure(false);
  // The drawer's code is fetched when the browser is idle and mounted at its first opening (it stays mounted
  // after that, for its closing transition).
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  // A signed-in user always has a navigation and a contact: the server's copy of their page draws the burger too.
  const hasBurger = nav.length > 0 || Boolean(drawerContact) || signedIn;
  useEffect(() => {
    if (hasBurger) prefetchShellParts([loadNavDrawer]);
  }, [hasBurger]);

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="onsite-skip-link">
        {t('app.skipToContent')}
      </a>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', position: 'sticky', top: 0, zIndex: 100 }}>
        <Container size={1440} px={{ base: 'sm', sm: 'lg' }} h={60}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="lg" wrap="nowrap">
              {hasBurger ? (
                <Burger
                  opened={drawerOpen}
                  onClick={drawer.toggle}
                  hiddenFrom={drawerContact || signedIn ? 'lg' : 'md'}
                  size="sm"
                  aria-label={t('nav.openMenu')}
                />
              ) : null}
              <Logo to={homePath} />
              {nav.length > 0 ? (
                <Box component="nav" aria-label={t('nav.primary')} visibleFrom="md">
                  <PrimaryNav items={nav} />
                </Box>
              ) : null}
            </Group>
            <Group gap="sm" wrap="nowrap">
              {contact}
              {user ? (
                <UserMenu user={user} entries={menu} onLogout={onLogout} />
              ) : signedIn ? null : (
                <>
                  <LanguageSelect />
                  {onPage(location.pathname, registerPath) ? null : (
                    <Button component={Link} to={registerPath} variant="default" size="sm" visibleFrom="xs" data-testid="register-button">
                      {t('actions.register')}
                    </Button>
                  )}
                  {onPage(location.pathname, loginPath) ? null : (
                    <Button component={Link} to={loginPath} variant="filled" size="sm" data-testid="login-button">
                      {t('actions.login')}
                    </Button>
                  )}
                </>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpen} onClose={drawer.close} nav={nav} drawerContact={drawerContact} />
        </Suspense>
      ) : null}
      {banners}
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        {children}
      </Box>
      <Box bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Footer lang={lang} />
      </Box>
    </Box>
  );
}
