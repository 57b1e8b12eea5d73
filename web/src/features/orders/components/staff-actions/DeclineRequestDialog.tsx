import { Button, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../lib/notify';
import type { Order } from '../../api/get-order';
import { useDeclineRequest } from '../../api/staff-order-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';
import { DialogActions, FixedDialog } from '../../../../components/FixedDialog';

/** Declining a quote request: a comment for the customer and an internal one, both required; closes only by its buttons. */
export function DeclineRequestDialog({ order: current, onClose, onReload }: { order: Order; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const [order] = useState(current);
  const decline = useDeclineRequest();
  const [externalComment, setExternalComment] = useState('');
  const [internalComment, setInternalComment] = useState('');
  const [errors, setErrors] = useState<{ external?: string; internal?: string }>({});
  const submit = () => {
    const found = {
      ...(externalComment.trim() ? {} : { external: t('validation.required') }),
      ...(internalComment.trim() ? {} : { internal: t('validation.required') }),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    decline.mutate(
      { order, externalComment, internalComment },
      {
        onSuccess: () => {
          notify('success', t('staffOrder.decline.done'));
          onClose();
        },
      },
    );
  };
  return (
    <FixedDialog opened onClose={onClose} title={t('staffOrder.decline.title')}>
      <Stack gap="md">
        <CommandErrorAlert error={decline.error} onReload={onReload} />
        <Textarea
          label={t('staffOrder.decline.external')}
          value={externalComment}
          onChange={(e) => setExternalComment(e.currentTarget.value)}
          error={errors.external}
          withAsterisk
          autosize
          minRows={2}
          maxLength={2000}
          data-autofocus
        />
        <Textarea
          label={t('staffOrder.decline.internal')}
          value={internalComment}
          onChange={(e) => setInternalComment(e.currentTarget.value)}
          error={errors.internal}
          withAsterisk
          autosize
          minRows={2}
          maxLength={2000}
        />
        <DialogActions onCancel={onClose} busy={decline.isPending}>
          <Button color="red.8" onClick={submit} loading={decline.isPending} data-testid="confirm-decline">
            {t('staffOrder.decline.confirm')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
