import { Box, Burger, Button, Container, Drawer, Group, NavLink as MantineNavLink, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import type { Language } from '../../lib/languages';
import { Footer } from './Footer';
import { LanguageSelect } from './LanguageSelect';
import { Logo } from './Logo';
import { UserMenu, type ShellUser } from './UserMenu';

export interface ShellNavItem {
  to: string;
  label: string;
  testId?: string;
}

export interface ShellProps {
  lang: Language;
  homePath: string;
  nav: readonly ShellNavItem[];
  user?: ShellUser;
  onLogout: () => void;
  /** Where the login button leads; hidden when signed in or already on the login page. */
  loginPath?: string;
  children: ReactNode;
}

function PrimaryNav({ items }: { items: readonly ShellNavItem[] }) {
  return (
    <Group gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li key={item.to}>
          <UnstyledButton
            component={NavLink}
            to={item.to}
            className="onsite-nav-link"
            data-testid={item.testId}
          >
            {item.label}
          </UnstyledButton>
        </li>
      ))}
    </Group>
  );
}

/** Header (logo, navigation, language, user), the routed page, footer. */
export function Shell({ lang, homePath, nav, user, onLogout, loginPath, children }: ShellProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [drawerOpen, drawer] = useDisclosure(false);

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="onsite-skip-link">
        {t('app.skipToContent')}
      </a>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', position: 'sticky', top: 0, zIndex: 100 }}>
        <Container size={1440} px={{ base: 'md', sm: 'lg' }} h={60}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
            <Group gap="xl" wrap="nowrap">
              {nav.length > 0 ? (
                <Burger opened={drawerOpen} onClick={drawer.toggle} hiddenFrom="md" size="sm" aria-label={t('nav.openMenu')} />
              ) : null}
              <Logo to={homePath} />
              {nav.length > 0 ? (
                <Box component="nav" aria-label={t('nav.primary')} visibleFrom="md">
                  <PrimaryNav items={nav} />
                </Box>
              ) : null}
            </Group>
            <Group gap="sm" wrap="nowrap">
              <LanguageSelect />
              {user ? <UserMenu user={user} onLogout={onLogout} /> : null}
              {!user && loginPath && !location.pathname.startsWith(loginPath.split('?')[0] ?? loginPath) ? (
                <Button component={Link} to={loginPath} variant="filled" size="sm">
                  {t('actions.login')}
                </Button>
              ) : null}
            </Group>
          </Group>
        </Container>
      </Box>
      <Drawer opened={drawerOpen} onClose={drawer.close} size="xs" title={t('nav.primary')} hiddenFrom="md">
        <Stack gap={4} component="nav" aria-label={t('nav.primary')}>
          {nav.map((item) => (
            <MantineNavLink key={item.to} component={NavLink} to={item.to} label={item.label} onClick={drawer.close} />
          ))}
        </Stack>
      </Drawer>
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        {children}
      </Box>
      <Box bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Footer lang={lang} />
      </Box>
    </Box>
  );
}
