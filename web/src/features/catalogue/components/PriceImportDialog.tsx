import { Alert, Button, FileInput, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { notify } from '../../../lib/notify';
import { useFormat } from '../../../lib/i18n/use-format';
import { usePriceImport, type PriceImportResult } from '../api/catalogue';

const ERROR_KEYS: Record<string, string> = {
  invalid_price: 'catalogueAdmin.import.errors.invalid_price',
  currency_not_offered: 'catalogueAdmin.import.errors.currency_not_offered',
  price_missing: 'catalogueAdmin.import.errors.price_missing',
  unknown_service: 'catalogueAdmin.import.errors.unknown_service',
  duplicate_row: 'catalogueAdmin.import.errors.duplicate_row',
  invalid_file: 'catalogueAdmin.import.errors.invalid_file',
  missing_column: 'catalogueAdmin.import.errors.missing_column',
};

/** The file's bytes as base64, read in the browser. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A changed price spreadsheet (D208): first every change and every row's mistake, then — only when no row has one —
 * the changes applied at once.
 */
export function PriceImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const command = usePriceImport();
  const [file, setFile] = useState<string | null>(null);
  const [preview, setPreview] = useState<PriceImportResult | null>(null);
  const money = (minor: number | null, currency: string) => (minor === null ? '–' : format.money(minor, currency));

  const choose = async (chosen: File | null) => {
    setPreview(null);
    command.reset();
    if (!chosen) return setFile(null);
    const encoded = await base64Of(chosen);
    setFile(encoded);
    command.mutate({ file: encoded, apply: false }, { onSuccess: setPreview });
  };
  const apply = () =>
    file &&
    command.mutate(
      { file, apply: true },
      {
        onSuccess: (result) => {
          notify('success', t('catalogueAdmin.import.done', { count: result.changes.length }));
          onClose();
        },
      },
    );

  return (
    <FixedDialog opened onClose={onClose} title={t('catalogueAdmin.import.title')} size="xl">
      <Stack gap="md">
        <Text size="sm">{t('catalogueAdmin.import.intro')}</Text>
        <FileInput
          label={t('catalogueAdmin.import.file')}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(chosen) => void choose(chosen)}
          clearable
          clearButtonProps={{ 'aria-label': t('catalogueAdmin.import.clearFile') }}
          data-testid="price-file"
        />
        <CommandFailureAlert error={command.error} onReload={onClose} />
        {preview ? (
          <Stack gap="sm" data-testid="price-preview">
            {preview.errors.length > 0 ? (
              <Alert color="red" title={t('catalogueAdmin.import.errorsTitle', { count: preview.errors.length })} data-testid="price-errors">
                <Stack gap={4}>
                  {preview.errors.map((e, i) => (
                    <Text key={i} size="sm">
                      {t(ERROR_KEYS[e.code] ?? 'catalogueAdmin.import.errors.other', { row: e.row, column: e.column })}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            ) : null}
            {preview.changes.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('catalogueAdmin.import.noChanges')}
              </Text>
            ) : (
              <ScrollArea type="auto">
                <Table striped miw={480} data-testid="price-changes">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('catalogueAdmin.import.row')}</Table.Th>
                      <Table.Th>{t('catalogueAdmin.fields.id')}</Table.Th>
                      <Table.Th>{t('catalogueAdmin.import.before')}</Table.Th>
                      <Table.Th>{t('catalogueAdmin.import.after')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.changes.map((c) => (
                      <Table.Tr key={`${c.serviceId}-${c.currency}`}>
                        <Table.Td>{c.row}</Table.Td>
                        <Table.Td ff="monospace">{c.serviceId}</Table.Td>
                        <Table.Td className="onsite-num">{money(c.from, c.currency)}</Table.Td>
                        <Table.Td className="onsite-num">{money(c.to, c.currency)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
          </Stack>
        ) : null}
        <DialogActions onCancel={onClose} busy={command.isPending}>
          <Button
            onClick={apply}
            loading={command.isPending}
            disabled={!preview || preview.errors.length > 0 || preview.changes.length === 0}
            data-testid="apply-prices"
          >
            {t('catalogueAdmin.import.apply', { count: preview?.changes.length ?? 0 })}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
