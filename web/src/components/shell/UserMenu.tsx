import { Avatar, Button, Menu, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconChevronDown, IconLogout } from '../icons';

export interface ShellUser {
  firstName: string;
  lastName: string;
  email: string;
  companyName?: string | null;
}

/** First and last name; opens on click (touch) and on hover (mouse), and holds logout. */
export function UserMenu({ user, onLogout }: { user: ShellUser; onLogout: () => void }) {
  const { t } = useTranslation();
  const name = `${user.firstName} ${user.lastName}`.trim();
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  return (
    <Menu trigger="click-hover" position="bottom-end" width={240} openDelay={50} closeDelay={150}>
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
          data-testid="user-menu"
        >
          <Text span fz="sm" fw={500} visibleFrom="sm">
            {name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fz="sm" fw={600} c="black" truncate>
            {name}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {user.email}
          </Text>
          {user.companyName ? (
            <Text fz="xs" c="dimmed" truncate>
              {user.companyName}
            </Text>
          ) : null}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onLogout}>
          {t('actions.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
