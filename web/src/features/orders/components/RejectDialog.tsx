import { Button, Checkbox, Stack, Text, Textarea } from '@mantine/core';
import { rejectionReasonsFor, type RejectionReason } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import type { Order } from '../api/get-order';
import { useRejectOffer } from '../api/offer-actions';
import { CommandErrorAlert } from './CommandErrorAlert';
import { OrderDialog } from './OrderDialog';
import { DialogActions } from '../../../components/FixedDialog';

/** The statuses a customer may reject from (the domain's RejectOffer transitions), each with its own words. */
type RejectableStatus = 'REQUESTED_QUOTE' | 'OFFERED' | 'ORDER_SUBMITTED';

/**
 * Rejecting a quote request, the open offer or a submitted order with structured reasons (the domain offers them per
 * status: 'someone else' not for a quote request); OTHER needs a comment, and choosing it starts the comment afresh
 * (D41). Closes only by its buttons; afterwards the user is back at their service orders.
 */
export function RejectDialog({ order: current, onClose, onReload }: { order: Order; onClose: () => void; onReload: () => void }) {
  // The order as it was when the dialog opened: live updates may refresh the page behind it, but the decision is
  // about what the user saw, so a change meanwhile is a conflict to reload, never a silent overwrite.
  const [order] = useState(current);
  const status = order.status as RejectableStatus;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const reject = useRejectOffer();
  const [reasons, setReasons] = useState<RejectionReason[]>([]);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ reasons?: string; comment?: string }>({});

  const choose = (value: string[]) => {
    const next = value as RejectionReason[];
    if (next.includes('OTHER') && !reasons.includes('OTHER')) setComment('');
    setReasons(next);
    setErrors(({ reasons: _cleared, ...rest }) => rest);
  };

  const submit = () => {
    reject.reset();
    const found: typeof errors = {};
    if (reasons.length === 0) found.reasons = t('orders.reject.reasonRequired');
    if (reasons.includes('OTHER') && !comment.trim()) found.comment = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const offerId = status === 'OFFERED' ? (order.openOfferId ?? undefined) : undefined;
    reject.mutate(
      { order, offerId, reasons, comment },
      {
        onSuccess: () => {
          notify('success', t(`orders.reject.done.${status}`, { refId: order.refId }));
          onClose();
          void navigate(paths.myServiceOrders(lang));
        },
      },
    );
  };

  return (
    <OrderDialog title={t(`orders.reject.title.${status}`)} size="md" onClose={onClose}>
      <Stack gap="md">
        <Text size="sm">{t(`orders.reject.explain.${status}`, { refId: order.refId })}</Text>
        <CommandErrorAlert error={reject.error} onReload={onReload} />
        <Checkbox.Group label={t(`orders.reject.question.${status}`)} value={reasons} onChange={choose} error={errors.reasons} withAsterisk>
          <Stack gap="xs" mt="xs">
            {rejectionReasonsFor(status).map((reason) => (
              <Checkbox key={reason} value={reason} label={t(`orders.reject.reason.${reason}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Textarea
          label={t('orders.reject.comment')}
          value={comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setErrors(({ comment: _cleared, ...rest }) => rest);
          }}
          error={errors.comment}
          withAsterisk={reasons.includes('OTHER')}
          autosize
          minRows={3}
          maxLength={2000}
        />
        <DialogActions onCancel={onClose} busy={reject.isPending}>
          <Button color="red.8" onClick={submit} loading={reject.isPending} data-testid="confirm-reject">
            {t(`orders.reject.confirm.${status}`)}
          </Button>
        </DialogActions>
      </Stack>
    </OrderDialog>
  );
}
