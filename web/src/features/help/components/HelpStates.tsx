import { Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder rows while the content loads. */
export function HelpSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t('app.loading')}>
      {[0, 1, 2, 3].map((key) => (
        <Paper withBorder p="md" key={key}>
          <Skeleton height={14} width="60%" mb="sm" />
          <Skeleton height={12} width="90%" />
        </Paper>
      ))}
    </Stack>
  );
}
