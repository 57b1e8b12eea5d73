import { Button, Stack, Text, TextInput } from '@mantine/core';
import { NO_PO_NUMBER } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../../components/widgets';
import { notify } from '../../../../lib/notify';
import type { Order } from '../../api/get-order';
import { useUpdatePurchaseOrder } from '../../api/order-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';
import { OrderDialog } from '../OrderDialog';
import { toUploads } from '../../../../lib/api/uploads';
import { DialogActions } from '../../../../components/FixedDialog';

/** Editing the PO of a submitted order: the number ('-' when there is none) and, optionally, a new document. */
export function EditPurchaseOrderDialog({ order: current, onClose, onReload }: { order: Order; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  // The order as it was when the dialog opened: a change meanwhile is a conflict to reload, never an overwrite.
  const [order] = useState(current);
  const update = useUpdatePurchaseOrder();
  const [po, setPo] = useState(order.po?.number === NO_PO_NUMBER ? '' : (order.po?.number ?? ''));
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);

  const submit = async () => {
    setUploading(true);
    // A refused upload has been reported; the dialog stays open.
    const uploaded = await toUploads(files.slice(0, 1))
      .catch(() => null)
      .finally(() => setUploading(false));
    if (!uploaded) return;
    const [document] = uploaded;
    update.mutate(
      { order, po, ...(document ? { document } : {}) },
      {
        onSuccess: () => {
          notify('success', t('orders.order.po.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <OrderDialog title={t('orders.order.po.editTitle')} onClose={onClose}>
      <Stack gap="md">
        <CommandErrorAlert error={update.error} onReload={onReload} />
        <TextInput
          label={t('orders.order.po.number')}
          description={t('orders.order.po.noneHint')}
          value={po}
          onChange={(e) => setPo(e.currentTarget.value)}
          maxLength={100}
          data-autofocus
        />
        <FileUpload label={t('orders.order.po.newDocument')} files={files} onChange={setFiles} maxCount={1} multiple={false} />
        {order.po?.document && files.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('orders.order.po.keepsDocument', { name: order.po.document.name })}
          </Text>
        ) : null}
        <DialogActions onCancel={onClose} busy={update.isPending || uploading}>
          <Button onClick={() => void submit()} loading={update.isPending || uploading} data-testid="save-po">
            {t('orders.order.save')}
          </Button>
        </DialogActions>
      </Stack>
    </OrderDialog>
  );
}
