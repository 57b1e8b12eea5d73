import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LANGUAGES } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '../../../components/icons';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { useFormat } from '../../../lib/i18n/use-format';
import { useManagedManuals, type ManagedManual } from '../api/manuals';
import { ManualDialog } from './ManualDialog';
import { ManualHistory } from './ManualHistory';
import { RemoveManualDialog } from './RemoveManualDialog';

type Dialog = { kind: 'edit'; manual: ManagedManual | null } | { kind: 'remove'; manual: ManagedManual } | { kind: 'history'; manual: ManagedManual };

/** The manuals customers download in the help area (D212): each with the languages it has a PDF in. */
export function ManualsSection({ manage }: { manage: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const manuals = useManagedManuals();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="manuals-heading">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3" id="manuals-heading">
          {t('helpContent.manuals.heading')}
        </Title>
        {manage ? (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'edit', manual: null })} data-testid="new-manual">
            {t('helpContent.manuals.new')}
          </Button>
        ) : null}
      </Group>
      {manuals.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={64} radius="md" />
          <Skeleton height={64} radius="md" />
        </Stack>
      ) : manuals.isError ? (
        <ErrorState
          title={t('helpContent.manuals.loadError')}
          description={t('helpContent.loadErrorText')}
          action={{ label: t('actions.retry'), onClick: () => void manuals.refetch() }}
        />
      ) : manuals.data.length === 0 ? (
        <EmptyListState
          title={t('helpContent.manuals.empty')}
          description={t(manage ? 'helpContent.manuals.emptyText' : 'helpContent.manuals.emptyTextReadOnly')}
        />
      ) : (
        manuals.data.map((manual) => (
          <Paper key={manual.id} withBorder p="sm" radius="md" data-testid="managed-manual">
            <Stack gap={6}>
              <Text fw={600}>{manual.title.en}</Text>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {manual.summary.en}
              </Text>
              <Group justify="space-between" gap="xs">
                <Group gap={4}>
                  <Text size="xs" c="dimmed">
                    {t('helpContent.manuals.issuedOn', { date: format.localDate(manual.issued) })}
                  </Text>
                  <Group gap={4} aria-label={t('helpContent.manuals.pdfLanguages')}>
                    {LANGUAGES.filter((l) => manual.files[l]).map((l) => (
                      <Badge key={l} variant="light" color="gray" size="sm">
                        {l.toUpperCase()}
                      </Badge>
                    ))}
                  </Group>
                </Group>
                <Group gap="xs">
                  <Button size="compact-sm" variant="subtle" onClick={() => setDialog({ kind: 'history', manual })}>
                    {t('helpContent.history.open')}
                  </Button>
                  {manage ? (
                    <>
                      <Button size="compact-sm" variant="subtle" onClick={() => setDialog({ kind: 'edit', manual })}>
                        {t('helpContent.edit')}
                      </Button>
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDialog({ kind: 'remove', manual })}>
                        {t('helpContent.remove')}
                      </Button>
                    </>
                  ) : null}
                </Group>
              </Group>
            </Stack>
          </Paper>
        ))
      )}
      {dialog?.kind === 'edit' ? <ManualDialog manual={dialog.manual} onClose={close} /> : null}
      {dialog?.kind === 'remove' ? <RemoveManualDialog manual={dialog.manual} onClose={close} /> : null}
      {dialog?.kind === 'history' ? <ManualHistory id={dialog.manual.id} onClose={close} /> : null}
    </Stack>
  );
}
