import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { IconHourglass } from '../../components/icons';
import type { RouteHandle } from '../guards';

/** A page that is routed and guarded but not built yet: its title and a sentence, inside the shell. */
export function Component() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = [...matches].reverse().map((match) => (match.handle as RouteHandle | undefined)?.titleKey).find(Boolean);
  const title = t(titleKey ?? 'page.comingSoon.fallbackTitle');

  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [t, title]);

  return (
    <Container size={880} px={{ base: 'md', sm: 'lg' }} py="lg">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Paper withBorder p="xl" data-testid="coming-soon">
          <Stack align="center" gap="sm" ta="center">
            <IconHourglass size={32} aria-hidden="true" color="var(--mantine-color-accent-6)" />
            <Text fw={600}>{t('page.comingSoon.title')}</Text>
            <Text c="dimmed" size="sm" maw={480}>
              {t('page.comingSoon.text')}
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
