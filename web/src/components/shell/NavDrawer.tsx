import { Box, Drawer, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

export interface ShellNavItem {
  to: string;
  label: string;
  testId?: string;
}

/** The navigation drawer of narrow screens (Shell); its own chunk, with Mantine's modal parts. */
export function NavDrawer({
  opened,
  onClose,
  nav,
  drawerContact,
}: {
  opened: boolean;
  onClose: () => void;
  nav: readonly ShellNavItem[];
  drawerContact?: ReactNode;
}) {
  const { t } = useTranslation();
  // Mounted closed and opened right after, so the first opening has its transition like the later ones.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <Drawer
      opened={opened && ready}
      onClose={onClose}
      size="xs"
      title={t('nav.primary')}
      hiddenFrom={drawerContact ? 'lg' : 'md'}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap={4} component="nav" aria-label={t('nav.primary')}>
        {nav.map((item) => (
          <MantineNavLink key={item.to} component={NavLink} to={item.to} label={item.label} onClick={onClose} />
        ))}
      </Stack>
      {drawerContact ? (
        <Box mt="lg" pt="md" px="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} hiddenFrom="lg" data-testid="drawer-contact">
          {drawerContact}
        </Box>
      ) : null}
    </Drawer>
  );
}
