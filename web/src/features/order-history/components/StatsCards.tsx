import { type OrderStatus } from '@onsite/domain';
import { ORDER_STATUS_GROUP_NAMES, ORDER_STATUS_GROUPS, type OrderStats, type OrderStatusGroup } from '@onsite/contracts';
import { Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { orderStatusLook } from '../../../lib/orders/order-status';
import { useFormat } from '../../../lib/i18n/use-format';
import { tones } from '../../../theme';

interface StatsCardsProps {
  stats: OrderStats | undefined;
  loading: boolean;
  selected: readonly OrderStatus[];
  onSelect: (statuses: OrderStatus[]) => void;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

function countOf(stats: OrderStats | undefined, group: OrderStatusGroup | 'all'): number {
  if (!stats) return 0;
  if (group === 'all') return stats.total;
  return ORDER_STATUS_GROUPS[group].reduce((sum, status) => sum + (stats.byStatus[status] ?? 0), 0);
}

/** One card per status group with its count; a card is a filter of the table (pressed while it is the filter). */
export function StatsCards({ stats, loading, selected, onSelect }: StatsCardsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const cards: (OrderStatusGroup | 'all')[] = ['all', ...ORDER_STATUS_GROUP_NAMES];
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5, xl: 9 }} spacing="sm" role="group" aria-label={t('orderHistory.stats.label')}>
      {cards.map((group) => {
        const statuses: OrderStatus[] = group === 'all' ? [] : [...ORDER_STATUS_GROUPS[group]];
        const pressed = sameSet(selected, statuses);
        const tone = group === 'all' ? tones.draft : tones[orderStatusLook(statuses[0]).tone];
        return (
          <UnstyledButton
            key={group}
            onClick={() => onSelect(statuses)}
            aria-pressed={pressed}
            data-testid={`stats-card-${group}`}
            className="onsite-stats-card"
          >
            <Paper
              withBorder
              p="sm"
              radius="md"
              style={{
                borderLeft: `4px solid ${tone.border}`,
                ...(pressed ? { outline: `2px solid ${tone.color}`, outlineOffset: -1, background: tone.background } : {}),
              }}
            >
              <Text size="xs" c={pressed ? tone.color : 'dimmed'} fw={600} lineClamp={2} mih={32} lh={1.35}>
                {t(`orderHistory.stats.${group}`)}
              </Text>
              {loading ? (
                <Skeleton height={24} mt={4} width="60%" />
              ) : (
                <Text fz={22} fw={700} c={pressed ? tone.color : undefined} className="onsite-num" data-testid="stats-count">
                  {format.number(countOf(stats, group))}
                </Text>
              )}
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
