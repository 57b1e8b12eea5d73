import { Button, Checkbox, Group, Modal, Stack, Textarea } from '@mantine/core';
import { rejectionReasonsFor, type RejectionReason } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offer, Order } from '../api/get-order';
import { useRejectOffer } from '../api/offer-actions';
import { CommandErrorAlert } from './CommandErrorAlert';

/**
 * Rejecting an offer with structured reasons (the domain offers them per status: 'someone else' not for a
 * quote request), a comment required with OTHER. Closes only by its buttons.
 */
export function RejectOfferDialog({ order: current, offer, opened, onClose, onReload }: { order: Order; offer: Offer; opened: boolean; onClose: () => void; onReload: () => void }) {
  // The order as it was when the dialog opened: live updates may refresh the page behind it, but the decision is
  // about what the user saw, so a change meanwhile is a conflict to reload, never a silent overwrite.
  const [order] = useState(current);
  const { t } = useTranslation();
  const reject = useRejectOffer();
  const [reasons, setReasons] = useState<RejectionReason[]>([]);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ reasons?: string; comment?: string }>({});

  const submit = () => {
    reject.reset();
    const found: typeof errors = {};
    if (reasons.length === 0) found.reasons = t('orders.offer.rejectDialog.reasonRequired');
    if (reasons.includes('OTHER') && !comment.trim()) found.comment = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    reject.mutate({ order, offerId: offer.offerId, reasons, comment }, { onSuccess: onClose });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('orders.offer.rejectDialog.title')} size="md" closeOnClickOutside={false} closeOnEscape={false} withCloseButton={false}>
      <Stack gap="md">
        <CommandErrorAlert error={reject.error} onReload={onReload} />
        <Checkbox.Group label={t('orders.offer.rejectDialog.reasons')} value={reasons} onChange={(value) => setReasons(value as RejectionReason[])} error={errors.reasons} withAsterisk>
          <Stack gap="xs" mt="xs">
            {rejectionReasonsFor(order.status).map((reason) => (
              <Checkbox key={reason} value={reason} label={t(`orders.offer.rejectReason.${reason}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Textarea
          label={t('orders.offer.rejectDialog.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={errors.comment}
          withAsterisk={reasons.includes('OTHER')}
          autosize
          minRows={3}
          maxLength={2000}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={reject.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button color="red.8" onClick={submit} loading={reject.isPending} data-testid="confirm-reject">
            {t('orders.offer.rejectDialog.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
