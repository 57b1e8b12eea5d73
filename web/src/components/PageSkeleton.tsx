import { Container, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a detail page looks like while it loads (skeletons instead of spinners). */
export function PageSkeleton({ blocks = 3 }: { blocks?: number }) {
  const { t } = useTranslation();
  return (
    <Container size={1440} px={{ base: 'md', sm: 'lg' }} py="lg" role="status" aria-busy="true" aria-label={t('app.loading')}>
      <Stack gap="lg">
        <Skeleton height={32} width="40%" />
        <Skeleton height={20} width="25%" />
        {Array.from({ length: blocks }, (_, index) => (
          <Paper withBorder p="lg" key={index}>
            <Stack gap="sm">
              <Skeleton height={20} width="30%" />
              <Skeleton height={14} />
              <Skeleton height={14} width="85%" />
              <Skeleton height={14} width="60%" />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}
