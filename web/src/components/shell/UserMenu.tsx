import { Box, Button, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '../../lib/menu';
import { usePageReady } from '../../lib/page-ready';
import { IconChevronDown } from '../icon-base';
import { loadUserMenuDropdown } from './lazy-parts';

export interface ShellUser {
  firstName: string;
  lastName: string;
  email: string;
  companyName?: string | null;
}

const UserMenuDropdown = lazy(() => loadUserMenuDropdown().then((module) => ({ default: module.UserMenuDropdown })));

/**
 * First and last name; opens on click on touch devices (`(hover: none)`), on hover otherwise (a click or the
 * keyboard opens it there too). Holds the entries the user may use, logout last. The button paints at once; the
 * menu's code follows in its own chunk once the first page is ready, and a click that comes before it opens the menu when it is there.
 * Before that, the button is drawn anew when the page gets ready and when the code arrives: a press on it already counts
 * as the click, since a release that lands on the new button would be no click at all.
 */
const INITIALS = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  borderRadius: '50%',
  fontSize: 11,
  fontWeight: 700,
  background: 'var(--mantine-color-accent-light)',
  color: 'var(--mantine-color-accent-light-color)',
} as const;

export function UserMenu({ user, entries, onLogout }: { user: ShellUser; entries: readonly MenuEntry[]; onLogout: () => void }) {
  const { t } = useTranslation();
  // 'clicked': the button was clicked before the menu's code was asked for; 'answered': the menu then opened once.
  const [early, setEarly] = useState<'no' | 'clicked' | 'answered'>('no');
  const pageReady = usePageReady();
  const clickedEarly = early === 'clicked';
  const answered = useCallback(() => setEarly((now) => (now === 'clicked' ? 'answered' : now)), []);
  const clickEarly = () => setEarly('clicked');
  const name = `${user.firstName} ${user.lastName}`.trim();
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  const button = (onEarlyClick?: () => void) => (
    <Button
      variant="subtle"
      color="gray"
      c="black"
      px="xs"
      leftSection={
        // The initials in a circle, as Mantine's Avatar draws them (its image fallbacks stay out of the first download).
        <Box component="span" aria-hidden="true" style={INITIALS}>
          {initials}
        </Box>
      }
      rightSection={<IconChevronDown size={14} />}
      aria-label={t('shell.userMenu', { name })}
      title={[user.email, user.companyName].filter(Boolean).join(' · ')}
      data-testid="user-menu"
      onClick={onEarlyClick}
      onMouseDown={onEarlyClick}
    >
      <Text span fz="sm" fw={500} visibleFrom="sm">
        {name}
      </Text>
    </Button>
  );

  // The dropdown's code is fetched once the first page is ready (lib/page-ready.ts), or at once when clicked before;
  // once shown it stays, so a menu opened early is not taken away while the page still loads.
  if (!pageReady && early === 'no') return button(clickEarly);
  return (
    <Suspense fallback={button(clickEarly)}>
      <UserMenuDropdown button={button()} entries={entries} onLogout={onLogout} defaultOpened={clickedEarly} onMounted={answered} />
    </Suspense>
  );
}
