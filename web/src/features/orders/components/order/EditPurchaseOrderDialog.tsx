import { Button, Stack, Text, TextInput } from '@mantine/core';
import { NO_PO_NUMBER } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../../components/widgets';
import { notify } from '../../../../lib/notify';
import type { Order } from '../../api/get-order';
import type { UploadedFile } from '../../api/offer-actions';
import { useUpdatePurchaseOrder } from '../../api/order-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';
import { OrderDialog } from '../OrderDialog';
import { DialogActions } from '../../../../components/FixedDialog';

function toUpload(file: File): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ base64: String(reader.result), name: file.name, mime: file.type || undefined });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Editing the PO of a submitted order: the number ('-' when there is none) and, optionally, a new document. */
export function EditPurchaseOrderDialog({ order: current, onClose, onReload }: { order: Order; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  // The order as it was when the dialog opened: a change meanwhile is a conflict to reload, never an overwrite.
  const [order] = useState(current);
  const update = useUpdatePurchaseOrder();
  const [po, setPo] = useState(order.po?.number === NO_PO_NUMBER ? '' : (order.po?.number ?? ''));
  const [files, setFiles] = useState<File[]>([]);

  const submit = async () => {
    const document = files[0] ? await toUpload(files[0]) : undefined;
    update.mutate({ order, po, ...(document ? { document } : {}) }, { onSuccess: () => { notify('success', t('orders.order.po.saved')); onClose(); } });
  };

  return (
    <OrderDialog title={t('orders.order.po.editTitle')} onClose={onClose}>
      <Stack gap="md">
        <CommandErrorAlert error={update.error} onReload={onReload} />
        <TextInput label={t('orders.order.po.number')} description={t('orders.order.po.noneHint')} value={po} onChange={(e) => setPo(e.currentTarget.value)} maxLength={100} data-autofocus />
        <FileUpload label={t('orders.order.po.newDocument')} files={files} onChange={setFiles} maxCount={1} multiple={false} />
        {order.po?.document && files.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('orders.order.po.keepsDocument', { name: order.po.document.name })}
          </Text>
        ) : null}
        <DialogActions onCancel={onClose} busy={update.isPending}>
          <Button onClick={() => void submit()} loading={update.isPending} data-testid="save-po">
            {t('orders.order.save')}
          </Button>
        </DialogActions>
      </Stack>
    </OrderDialog>
  );
}
