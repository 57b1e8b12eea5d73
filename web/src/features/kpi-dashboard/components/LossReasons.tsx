import { Badge, Group, Paper, Progress, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { LOSS_REASONS, type KpiFigures, type LossReason } from '@onsite/contracts';
import { useTranslation } from 'react-i18next';

/** Win/loss by structured reason: one bar per reason, each opening the orders behind it. */
export function LossReasons({ figures, onSelect }: { figures: KpiFigures; onSelect: (reason: LossReason) => void }) {
  const { t } = useTranslation();
  const rows = LOSS_REASONS.map((reason) => ({ reason, count: figures.lossReasons[reason] ?? 0 })).sort((a, b) => b.count - a.count);
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('kpi.winLoss')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('kpi.winLossHint')}
        </Text>
        {rows.map(({ reason, count }) => (
          <UnstyledButton
            key={reason}
            onClick={() => onSelect(reason)}
            disabled={count === 0}
            aria-label={`${t(`kpi.reasons.${reason}`)}: ${t('kpi.ordersCount', { count })}`}
            data-testid={`loss-${reason}`}
            style={{ borderRadius: 4, opacity: count === 0 ? 0.6 : 1, cursor: count === 0 ? 'default' : 'pointer' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" style={{ minWidth: 0 }} truncate>
                {t(`kpi.reasons.${reason}`)}
              </Text>
              <Badge variant="light" color={count > 0 ? 'red' : 'gray'}>
                {count}
              </Badge>
            </Group>
            <Progress value={(count / max) * 100} color="red" size="sm" mt={4} aria-hidden />
          </UnstyledButton>
        ))}
      </Stack>
    </Paper>
  );
}
