import { Modal, ScrollArea, Skeleton, Stack, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/StatusState';
import { useFormat } from '../../../lib/use-format';

interface Change<T extends string> {
  at: string;
  actor: { userId: string; name: string | null };
  type: T;
}

/** Who changed an item of the help content and when (its events), newest first. */
export function ChangeHistory<T extends string>({
  title,
  history,
  labels,
  testId,
  onClose,
}: {
  title: string;
  history: UseQueryResult<Change<T>[]>;
  /** The translation key of each kind of change. */
  labels: Record<T, string>;
  testId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      {history.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={24} />
          <Skeleton height={24} />
        </Stack>
      ) : history.isError ? (
        <ErrorState
          title={t('helpContent.loadError')}
          description={t('helpContent.loadErrorText')}
          action={{ label: t('actions.retry'), onClick: () => void history.refetch() }}
        />
      ) : (
        <ScrollArea type="auto">
          <Table striped miw={420} data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.timestamp')}</Table.Th>
                <Table.Th>{t('fields.author')}</Table.Th>
                <Table.Th>{t('helpContent.history.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((change, index) => (
                <Table.Tr key={`${change.at}-${index}`}>
                  <Table.Td className="onsite-nowrap">{format.dateTime(change.at)}</Table.Td>
                  <Table.Td>{change.actor.name ?? change.actor.userId}</Table.Td>
                  <Table.Td>{t(labels[change.type])}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  );
}
