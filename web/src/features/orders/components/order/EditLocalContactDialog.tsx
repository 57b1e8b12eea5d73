import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../../../../components/widgets';
import { notify } from '../../../../lib/notify';
import type { Order } from '../../api/get-order';
import { useUpdateLocalContact } from '../../api/order-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';
import { OrderDialog } from '../OrderDialog';
import { DialogActions } from '../../../../components/FixedDialog';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The local contact on site: a name, and a phone or e-mail to reach them; the server checks the same rules. */
export function EditLocalContactDialog({ order: current, onClose, onReload }: { order: Order; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const [order] = useState(current);
  const update = useUpdateLocalContact();
  const contact = order.localContact;
  const [name, setName] = useState(contact?.name ?? '');
  const [phone, setPhone] = useState(contact?.phone ?? '');
  const [email, setEmail] = useState(contact?.email ?? '');
  const [remarks, setRemarks] = useState(contact?.remarks ?? '');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});

  const submit = () => {
    const found: typeof errors = {};
    if (!name.trim()) found.name = t('validation.required');
    if (email.trim() && !EMAIL.test(email.trim())) found.email = t('validation.email');
    setErrors(found);
    if (Object.keys(found).length) return;
    update.mutate(
      {
        order,
        contact: {
          name: name.trim(),
          ...(phone ? { phone } : {}),
          ...(email.trim() ? { email: email.trim() } : {}),
          ...(remarks.trim() ? { remarks: remarks.trim() } : {}),
        },
      },
      {
        onSuccess: () => {
          notify('success', t('orders.order.localContact.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <OrderDialog title={t('orders.order.localContact.title')} onClose={onClose}>
      <Stack gap="md">
        <CommandErrorAlert error={update.error} onReload={onReload} />
        <TextInput
          label={t('orders.order.localContact.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          withAsterisk
          maxLength={200}
          data-autofocus
        />
        <PhoneInput label={t('orders.order.localContact.phone')} value={phone} onChange={setPhone} />
        <TextInput
          label={t('fields.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          maxLength={200}
        />
        <Textarea
          label={t('orders.order.localContact.remarks')}
          value={remarks}
          onChange={(e) => setRemarks(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <DialogActions onCancel={onClose} busy={update.isPending}>
          <Button onClick={submit} loading={update.isPending} data-testid="save-local-contact">
            {t('orders.order.save')}
          </Button>
        </DialogActions>
      </Stack>
    </OrderDialog>
  );
}
