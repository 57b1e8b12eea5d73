import { Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuEntry } from '../../lib/menu';
import { IconLogout } from '../icon-base';

/** The user menu around its button (UserMenu); its own chunk, with Mantine's menu and floating-ui. */
export function UserMenuDropdown({
  button,
  entries,
  onLogout,
  defaultOpened,
  onMounted,
}: {
  button: ReactElement;
  entries: readonly MenuEntry[];
  onLogout: () => void;
  defaultOpened: boolean;
  onMounted: () => void;
}) {
  const { t } = useTranslation();
  const touch = useMediaQuery('(hover: none)');
  // The early click has been answered by opening once: a later mount (the shell re-rendered) starts closed.
  useEffect(onMounted, [onMounted]);

  // No open delay: a delayed open that was scheduled when the pointer entered the dropdown fired after a quick click on
  // an entry had closed it, and the menu opened again over the page the entry led to.
  return (
    <Menu
      trigger={touch ? 'click' : 'click-hover'}
      position="bottom-end"
      width={260}
      openDelay={0}
      closeDelay={150}
      withInitialFocusPlaceholder={false}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>{button}</Menu.Target>
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
