import { Box, Container, Group, Stack, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageProps {
  title: ReactNode;
  /** The plain-text title for the browser tab (defaults to `title` when that is a string). */
  documentTitle?: string;
  /** 'form': a comfortable reading width; 'wide': full width for tables. */
  width?: 'form' | 'wide';
  /** Shown right of the title (primary actions, status). */
  actions?: ReactNode;
  /** Shown under the title (status badge, dates). */
  meta?: ReactNode;
  children: ReactNode;
}

/** The frame of every screen: a title row and the content in the width that suits it. */
export function Page({ title, documentTitle, width = 'wide', actions, meta, children }: PageProps) {
  const { t } = useTranslation();
  const tabTitle = documentTitle ?? (typeof title === 'string' ? title : undefined);
  useEffect(() => {
    document.title = tabTitle ? `${tabTitle} · ${t('app.name')}` : t('app.name');
  }, [tabTitle, t]);

  return (
    <Container size={width === 'form' ? 880 : 1440} px={{ base: 'md', sm: 'lg' }} py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Box miw={0}>
            <Title order={1}>{title}</Title>
            {meta ? <Box mt="xs">{meta}</Box> : null}
          </Box>
          {actions ? <Group gap="sm">{actions}</Group> : null}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
