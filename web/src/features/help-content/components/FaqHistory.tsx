import { Modal, ScrollArea, Skeleton, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/StatusState';
import { useFormat } from '../../../lib/use-format';
import { useFaqHistory } from '../api/faqs';

const WHAT = { FAQ_CREATED: 'helpContent.history.created', FAQ_CHANGED: 'helpContent.history.changed', FAQ_REMOVED: 'helpContent.history.removed' } as const;

/** Who changed a question and when (its events), newest first. */
export function FaqHistory({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const history = useFaqHistory(id);
  return (
    <Modal opened onClose={onClose} title={t('helpContent.history.title')} size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
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
          <Table striped miw={420} data-testid="faq-history">
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
                  <Table.Td>{t(WHAT[change.type])}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  );
}
