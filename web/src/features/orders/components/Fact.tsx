import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label above its value, the way every block of the order detail shows facts ('—' when there is none). */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children || '—'}
      </Text>
    </Stack>
  );
}
