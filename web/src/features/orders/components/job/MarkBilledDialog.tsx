import { Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../api/get-order';
import { useMarkBilled } from '../../api/job-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';
import { DialogActions, FixedDialog } from '../../../../components/FixedDialog';

/** Staff mark the completed job billed, with the invoice reference (optional). */
export function MarkBilledDialog({ order: current, onClose, onReload }: { order: Order; onClose: () => void; onReload: () => void }) {
  // The order as it was when the dialog opened: live updates may refresh the page behind it, but the decision is
  // about what the user saw, so a change meanwhile is a conflict to reload, never a silent overwrite.
  const [order] = useState(current);
  const { t } = useTranslation();
  const bill = useMarkBilled();
  const [invoiceReference, setInvoiceReference] = useState('');
  return (
    <FixedDialog opened onClose={onClose} title={t('orders.job.billDialog.title')}>
      <Stack gap="md">
        <CommandErrorAlert error={bill.error} onReload={onReload} />
        <TextInput
          label={t('orders.job.billDialog.invoiceReference')}
          description={t('orders.job.billDialog.invoiceHint')}
          value={invoiceReference}
          onChange={(event) => setInvoiceReference(event.currentTarget.value)}
          maxLength={100}
          data-autofocus
        />
        <DialogActions onCancel={onClose} busy={bill.isPending}>
          <Button onClick={() => bill.mutate({ order, invoiceReference }, { onSuccess: onClose })} loading={bill.isPending}>
            {t('orders.job.billDialog.confirm')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
