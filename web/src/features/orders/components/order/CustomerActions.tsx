import { ActionIcon, Button, CopyButton, Group, Tooltip } from '@mantine/core';
import { effectivePrincipal, mayIssue, type Actor } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { IconCheck, IconCopy, IconRefresh } from '../../../../components/icons';
import { type Language } from '../../../../lib/i18n/languages';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { notify } from '../../../../lib/notify';
import { paths, type OrderStart } from '../../../../lib/paths';
import type { Order } from '../../api/get-order';
import { useReorder } from '../../api/order-actions';
import { RejectDialog } from '../RejectDialog';
import { CancelOrderDialog } from './CancelOrderDialog';
import { RequestChangeDialog } from './RequestChangeDialog';

/**
 * Where an order is edited (D19): OEM users in the order process (service-order for a direct order,
 * service-quote for a quote request), everyone else in the one-page checkout.
 */
export function orderingPath(lang: Language, actor: Actor, creationType: string | null | undefined, start: OrderStart): string {
  if (effectivePrincipal(actor).type !== 'OEM') return paths.orderForm(lang, start);
  return creationType === 'DIRECT_ORDER' ? paths.serviceOrder(lang, start) : paths.serviceQuote(lang, start);
}

/**
 * The customer's actions on the order header: the way to an open offer, continue editing a draft or a pending
 * change, ask for a change, order again, reject, cancel (each while the domain allows it for this role), and copying the reference.
 */
export function CustomerActions({ order, actor, onReload }: { order: Order; actor: Actor | null; onReload: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const [dialog, setDialog] = useState<'cancel' | 'change' | 'reject' | null>(null);
  const reorder = useReorder();
  const canCancel = actor !== null && mayIssue('CancelOrder', actor, order.status);
  // The offer variant of the header leads to the decision: the offer tab, where it is accepted or rejected.
  const { pathname } = useLocation();
  const offerPath = `${paths.order(lang, order.refId)}/offer`;
  const toOffer = actor !== null && order.status === 'OFFERED' && mayIssue('RejectOffer', actor, order.status) && !pathname.endsWith('/offer');
  // An open offer is rejected beside its accept button on the offer tab; a request or a submitted order here.
  const canReject = actor !== null && order.status !== 'OFFERED' && mayIssue('RejectOffer', actor, order.status);
  const editing = order.status === 'INCOMPLETE' || Boolean(order.hasChanges);
  const canEdit = actor !== null && editing && mayIssue('UpdateDraft', actor, order.status);
  const canChange = actor !== null && !editing && mayIssue('RequestChange', actor, order.status);
  const canReorder = actor !== null && order.status !== 'INCOMPLETE' && order.status !== 'IN_PREPARATION' && mayIssue('ReorderOrder', actor, 'none');
  const edit = (refId: string, creationType: string | null | undefined) => {
    if (!actor) return;
    const oem = effectivePrincipal(actor).type === 'OEM';
    navigate(orderingPath(lang, actor, creationType, { draft: refId, ...(oem ? { step: 'select-customer' } : {}) }));
  };

  const orderAgain = () =>
    reorder.mutate(order, {
      onSuccess: (draft) => {
        notify('success', t('orders.reorder.done', { refId: draft.refId }));
        edit(draft.refId, order.creationType);
      },
    });

  return (
    <Group gap="xs">
      <CopyButton value={order.refId} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('orders.detail.copied') : t('orders.detail.copyRef')} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('orders.detail.copyRef')}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
      {toOffer ? (
        <Button component={Link} to={offerPath} data-testid="review-offer">
          {t('orders.offer.review')}
        </Button>
      ) : null}
      {canEdit ? (
        <Button onClick={() => edit(order.refId, order.creationType)} data-testid="continue-editing">
          {t(order.status === 'INCOMPLETE' ? 'orders.edit.continueDraft' : 'orders.edit.continueChange')}
        </Button>
      ) : null}
      {canChange ? (
        <Button variant="default" onClick={() => setDialog('change')} data-testid="request-change">
          {t('orders.change.action')}
        </Button>
      ) : null}
      {canReorder ? (
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={orderAgain} loading={reorder.isPending} data-testid="reorder">
          {t('orders.reorder.action')}
        </Button>
      ) : null}
      {canReject ? (
        <Button variant="default" color="red" onClick={() => setDialog('reject')} data-testid="reject">
          {t(`orders.reject.action.${order.status as 'REQUESTED_QUOTE' | 'ORDER_SUBMITTED'}`)}
        </Button>
      ) : null}
      {canCancel ? (
        <Button variant="default" color="red" onClick={() => setDialog('cancel')} data-testid="cancel-order">
          {t(order.status === 'REQUESTED_QUOTE' ? 'orders.cancel.action.request' : 'orders.cancel.action.order')}
        </Button>
      ) : null}
      {dialog === 'cancel' ? (
        <CancelOrderDialog
          order={order}
          onClose={() => setDialog(null)}
          onReload={() => {
            setDialog(null);
            onReload();
          }}
        />
      ) : null}
      {dialog === 'reject' ? (
        <RejectDialog
          order={order}
          onClose={() => setDialog(null)}
          onReload={() => {
            setDialog(null);
            onReload();
          }}
        />
      ) : null}
      {dialog === 'change' ? (
        <RequestChangeDialog
          order={order}
          onClose={() => setDialog(null)}
          onReload={() => {
            setDialog(null);
            onReload();
          }}
          onChanged={() => {
            setDialog(null);
            edit(order.refId, order.creationType);
          }}
        />
      ) : null}
    </Group>
  );
}
