import { Modal, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Language } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/StatusState';
import { useFormat } from '../../../lib/use-format';
import { useCatalogueHistory, type CatalogueChange, type CatalogueItemKind } from '../api/catalogue';

const WHAT: Record<CatalogueChange['type'], string> = {
  CATALOGUE_SEGMENT_CREATED: 'catalogueAdmin.history.created',
  CATALOGUE_SEGMENT_CHANGED: 'catalogueAdmin.history.changed',
  CATALOGUE_SEGMENT_RETIRED: 'catalogueAdmin.history.retired',
  CATALOGUE_SERVICE_CREATED: 'catalogueAdmin.history.created',
  CATALOGUE_SERVICE_CHANGED: 'catalogueAdmin.history.changed',
  CATALOGUE_SERVICE_PUBLISHED: 'catalogueAdmin.history.published',
  CATALOGUE_SERVICE_RETIRED: 'catalogueAdmin.history.retired',
};

function What({ change }: { change: CatalogueChange }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const lang = (i18n.resolvedLanguage ?? 'en') as Language;
  const what = t(WHAT[change.type]);
  const item = (change.data.service ?? change.data.segment) as
    { name?: Partial<Record<Language, string>>; countries?: string[]; prices?: Record<string, number> } | undefined;
  if (!item) return <>{what}</>;
  const parts = [
    item.name?.[lang] || item.name?.en || '',
    ...(item.countries ? [item.countries.map((c) => t(`countries.${c}`)).join(', ')] : []),
    ...Object.entries(item.prices ?? {}).map(([currency, minor]) => format.money(minor, currency)),
  ].filter(Boolean);
  return <>{`${what}: ${parts.join(' · ')}`}</>;
}

/** Who changed a segment or service, what and when (its events), newest first. */
export function CatalogueHistory({ kind, id, onClose }: { kind: CatalogueItemKind; id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const history = useCatalogueHistory(kind, id);
  return (
    <Modal opened onClose={onClose} title={t('catalogueAdmin.history.title', { id })} size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      {history.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={24} />
          <Skeleton height={24} />
        </Stack>
      ) : history.isError ? (
        <ErrorState
          title={t('catalogueAdmin.loadError')}
          description={t('catalogueAdmin.loadErrorText')}
          action={{ label: t('actions.retry'), onClick: () => void history.refetch() }}
        />
      ) : history.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('catalogueAdmin.history.empty')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped miw={480} data-testid="catalogue-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.timestamp')}</Table.Th>
                <Table.Th>{t('fields.author')}</Table.Th>
                <Table.Th>{t('catalogueAdmin.history.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((change, index) => (
                <Table.Tr key={`${change.at}-${index}`}>
                  <Table.Td className="onsite-nowrap">{format.dateTime(change.at)}</Table.Td>
                  <Table.Td>{change.actor.name ?? change.actor.userId}</Table.Td>
                  <Table.Td>
                    <What change={change} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  );
}
