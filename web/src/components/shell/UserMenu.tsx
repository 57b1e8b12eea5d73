import { Avatar, Button, Menu, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuEntry } from '../../lib/menu';
import { IconChevronDown, IconLogout } from '../icons';

export interface ShellUser {
  firstName: string;
  lastName: string;
  email: string;
  companyName?: string | null;
}

/**
 * First and last name; opens on click on touch devices (`(hover: none)`), on hover otherwise (a click or the
 * keyboard opens it there too). Holds the entries the user may use, logout last.
 */
export function UserMenu({ user, entries, onLogout }: { user: ShellUser; entries: readonly MenuEntry[]; onLogout: () => void }) {
  const { t } = useTranslation();
  const touch = useMediaQuery('(hover: none)');
  const name = `${user.firstName} ${user.lastName}`.trim();
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  return (
    <Menu trigger={touch ? 'click' : 'click-hover'} position="bottom-end" width={260} openDelay={50} closeDelay={150} withInitialFocusPlaceholder={false}>
      <Menu.Target>
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
        >
          <Text span fz="sm" fw={500} visibleFrom="sm">
            {name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="user-menu-dropdown">
        {entries.map((entry) =>
          entry.key === 'logout' ? (
            <Menu.Item key={entry.key} leftSection={<IconLogout size={16} />} onClick={onLogout} data-testid="menu-logout">
              {t(entry.label)}
            </Menu.Item>
          ) : (
            <Menu.Item key={entry.key} component={Link} to={entry.to} data-testid={`menu-${entry.key}`}>
              {t(entry.label)}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
