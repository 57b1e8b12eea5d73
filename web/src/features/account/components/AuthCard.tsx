import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of the public account screens: a centred card with the title and a short explanation. */
export function AuthCard({ title, text, width = 460, children }: { title: string; text?: ReactNode; width?: number; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [t, title]);
  return (
    <Center px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={width}>
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={1}>{title}</Title>
            {text ? (
              <Text c="dimmed" size="sm">
                {text}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
