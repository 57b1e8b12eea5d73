import { Modal, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/i18n/use-format';
import { ErrorState } from './StatusState';

/** One recorded change of a back-office item: when, by whom (the event's actor). */
export interface RecordedChange {
  readonly at: string;
  readonly actor: { readonly userId: string; readonly name?: string | null };
}

export interface ChangeHistoryTableProps<C extends RecordedChange> {
  history: UseQueryResult<readonly C[]>;
  /** The heading of the column that says what changed. */
  changeLabel: string;
  /** What one change did, in words. */
  describe: (change: C) => ReactNode;
  /** Shown when nothing was recorded yet; absent: an empty table. */
  emptyText?: string;
  loadError: { readonly title: string; readonly description: string };
  testId: string;
  minWidth?: number;
}

/** Who changed an item, what and when (its events, newest first), with its loading, error and empty states. */
export function ChangeHistoryTable<C extends RecordedChange>({
  history,
  changeLabel,
  describe,
  emptyText,
  loadError,
  testId,
  minWidth = 480,
}: ChangeHistoryTableProps<C>) {
  const { t } = useTranslation();
  const format = useFormat();
  if (history.isPending)
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={24} />
        <Skeleton height={24} />
      </Stack>
    );
  if (history.isError)
    return (
      <ErrorState title={loadError.title} description={loadError.description} action={{ label: t('actions.retry'), onClick: () => void history.refetch() }} />
    );
  if (history.data.length === 0 && emptyText)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return (
    <ScrollArea type="auto">
      <Table striped miw={minWidth} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.timestamp')}</Table.Th>
            <Table.Th>{t('fields.author')}</Table.Th>
            <Table.Th>{changeLabel}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.data.map((change, index) => (
            <Table.Tr key={`${change.at}-${index}`}>
              <Table.Td className="onsite-nowrap">{format.dateTime(change.at)}</Table.Td>
              <Table.Td>{change.actor.name ?? change.actor.userId}</Table.Td>
              <Table.Td>{describe(change)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The change history of one item as a read-only dialog, closed by its close button. */
export function ChangeHistoryDialog<C extends RecordedChange>({
  title,
  onClose,
  ...table
}: ChangeHistoryTableProps<C> & { title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <ChangeHistoryTable {...table} />
    </Modal>
  );
}
