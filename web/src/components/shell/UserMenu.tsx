import { Avatar, Button, Text } from '@mantine/core';
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
 */
export function UserMenu({ user, entries, onLogout }: { user: ShellUser; entries: readonly MenuEntry[]; onLogout: () => void }) {
  const { t } = useTranslation();
  const [clickedEarly, setClickedEarly] = useState(false);
  const pageReady = usePageReady();
  const answered = useCallback(() => setClickedEarly(false), []);
  const name = `${user.firstName} ${user.lastName}`.trim();
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  const button = (early?: () => void) => (
    <Button
      variant="subtle"
      color="gray"
      c="black"
      px="xs"
      leftSection={
        <Avatar size={28} radius="xl" color="accent" aria-hidden="true">
          {initials}
        </Avatar>
      }
      rightSection={<IconChevronDown size={14} />}
      aria-label={t('shell.userMenu', { name })}
      title={[user.email, user.companyName].filter(Boolean).join(' · ')}
      data-testid="user-menu"
      onClick={early}
    >
      <Text span fz="sm" fw={500} visibleFrom="sm">
        {name}
      </Text>
    </Button>
  );

  // The dropdown's code is fetched once the first page is ready (lib/page-ready.ts), or at once when clicked before.
  if (!pageReady && !clickedEarly) return button(() => setClickedEarly(true));
  return (
    <Suspense fallback={button(() => setClickedEarly(true))}>
      <UserMenuDropdown button={button()} entries={entries} onLogout={onLogout} defaultOpened={clickedEarly} onMounted={answered} />
    </Suspense>
  );
}
