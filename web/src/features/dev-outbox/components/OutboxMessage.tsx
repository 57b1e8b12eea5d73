import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/i18n/use-format';
import type { OutboxEntry } from '../api/outbox';

/** One message as it would have reached its recipient, with the link it carries. */
export function OutboxMessage({ message }: { message: OutboxEntry }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder p="md" component="article" aria-label={message.subject} data-testid="outbox-message">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap" miw={0}>
            <Badge variant="light">{t(`devOutbox.channel.${message.channel}`)}</Badge>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {message.to}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {format.dateTime(message.sentAt)}
          </Text>
        </Group>
        <Text fw={600}>{message.subject}</Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Text>
        {message.link ? (
          <Anchor href={message.link} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('devOutbox.openLink')}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
