import { Button, Stack, Text } from '@mantine/core';

/** A notification text with the 'do not show again' choice under it. */
export function DoNotShowAgainMessage({ message, label, onChoose }: { message: string; label: string; onChoose: () => void }) {
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{message}</Text>
      <Button variant="subtle" size="compact-xs" onClick={onChoose} data-testid="do-not-show-again">
        {label}
      </Button>
    </Stack>
  );
}
