import { Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The Onsite mark: a target ring (a place on site) next to the word mark. */
export function Logo({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={to} aria-label={t('app.home')} style={{ borderRadius: 6 }}>
      <Group gap={8} wrap="nowrap">
        <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="7" fill="var(--mantine-color-accent-6)" />
          <circle cx="16" cy="16" r="8" fill="none" stroke="#fff" strokeWidth="3.5" />
          <circle cx="16" cy="16" r="2.5" fill="#fff" />
        </svg>
        <Text fw={700} fz="lg" lts={-0.3} visibleFrom="xs">
          {t('app.name')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
