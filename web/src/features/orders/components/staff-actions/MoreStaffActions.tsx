import { Button, Menu } from '@mantine/core';
import { mayIssue, type Actor } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconChevronDown } from '../../../../components/icons';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { notify } from '../../../../lib/notify';
import { paths } from '../../../../lib/paths';
import type { Order } from '../../api/get-order';
import { useAddComment, useCloseOrder, useDeleteOrder, useRemoveOffer, useReopenOrder } from '../../api/staff-order-actions';
import { StaffTextDialog } from './StaffTextDialog';

type Dialog = 'close' | 'reopen' | 'delete' | 'removeOffer' | 'comment';

/** The less frequent staff actions, in a menu: close, reopen, delete, withdraw the offer, add a comment. */
export function MoreStaffActions({ order: live, actor, onReload }: { order: Order; actor: Actor; onReload: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const [open, setOpen] = useState<{ dialog: Dialog; order: Order } | null>(null);
  const close = useCloseOrder();
  const reopen = useReopenOrder();
  const remove = useDeleteOrder();
  const removeOffer = useRemoveOffer();
  const comment = useAddComment();
  const may = (type: Parameters<typeof mayIssue>[0]) => mayIssue(type, actor, live.status);
  const entries: { dialog: Dialog; allowed: boolean; label: string; danger?: boolean }[] = [
    { dialog: 'comment', allowed: may('AddComment'), label: t('staffOrder.comment.action') },
    { dialog: 'removeOffer', allowed: may('RemoveOffer') && Boolean(live.openOfferId), label: t('staffOrder.removeOffer.action') },
    { dialog: 'close', allowed: may('CloseOrder'), label: t('staffOrder.close.action') },
    { dialog: 'reopen', allowed: may('ReopenOrder'), label: t('staffOrder.reopen.action') },
    { dialog: 'delete', allowed: may('DeleteOrder'), label: t('staffOrder.delete.action'), danger: true },
  ];
  const shown = entries.filter((e) => e.allowed);
  if (shown.length === 0) return null;
  // Each dialog works on the order as it was when it opened: a change meanwhile is a conflict to reload.
  const order = open?.order ?? live;
  const done = (message: string) => () => {
    notify('success', message);
    setOpen(null);
  };
  const reload = () => {
    setOpen(null);
    onReload();
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={14} />} data-testid="more-staff-actions">
            {t('staffOrder.more')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {shown.map((entry) => (
            <Menu.Item key={entry.dialog} color={entry.danger ? 'red' : undefined} onClick={() => setOpen({ dialog: entry.dialog, order: live })}>
              {entry.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {open?.dialog === 'comment' ? (
        <StaffTextDialog
          title={t('staffOrder.comment.title')}
          fields={[{ key: 'text', label: t('staffOrder.comment.text'), required: true }]}
          checkbox={t('staffOrder.comment.external')}
          confirmLabel={t('staffOrder.comment.confirm')}
          pending={comment.isPending}
          error={comment.error}
          onConfirm={(v, external) => comment.mutate({ order, text: v.text ?? '', external }, { onSuccess: done(t('staffOrder.comment.done')) })}
          onClose={() => setOpen(null)}
          onReload={reload}
          testId="confirm-comment"
        />
      ) : null}
      {open?.dialog === 'removeOffer' ? (
        <StaffTextDialog
          title={t('staffOrder.removeOffer.title')}
          explanation={t('staffOrder.removeOffer.explain')}
          fields={[{ key: 'reason', label: t('staffOrder.removeOffer.reason'), required: true }]}
          confirmLabel={t('staffOrder.removeOffer.confirm')}
          danger
          pending={removeOffer.isPending}
          error={removeOffer.error}
          onConfirm={(v) =>
            removeOffer.mutate({ order, offerId: order.openOfferId ?? '', reason: v.reason ?? '' }, { onSuccess: done(t('staffOrder.removeOffer.done')) })
          }
          onClose={() => setOpen(null)}
          onReload={reload}
          testId="confirm-remove-offer"
        />
      ) : null}
      {open?.dialog === 'close' || open?.dialog === 'reopen' ? (
        <StaffTextDialog
          title={t(`staffOrder.${open.dialog}.title`)}
          explanation={t(`staffOrder.${open.dialog}.explain`)}
          fields={[{ key: 'comment', label: t('staffOrder.close.comment') }]}
          confirmLabel={t(`staffOrder.${open.dialog}.confirm`)}
          pending={close.isPending || reopen.isPending}
          error={open.dialog === 'close' ? close.error : reopen.error}
          onConfirm={(v) =>
            (open.dialog === 'close' ? close : reopen).mutate({ order, comment: v.comment ?? '' }, { onSuccess: done(t(`staffOrder.${open.dialog}.done`)) })
          }
          onClose={() => setOpen(null)}
          onReload={reload}
          testId={`confirm-${open.dialog}`}
        />
      ) : null}
      {open?.dialog === 'delete' ? (
        <StaffTextDialog
          title={t('staffOrder.delete.title')}
          explanation={t('staffOrder.delete.explain', { refId: order.refId })}
          fields={[
            { key: 'reason', label: t('staffOrder.delete.reason'), required: true },
            { key: 'internalComment', label: t('staffOrder.delete.internal'), required: true },
          ]}
          checkbox={t('staffOrder.delete.forever')}
          confirmLabel={t('staffOrder.delete.confirm')}
          danger
          pending={remove.isPending}
          error={remove.error}
          onConfirm={(v, forever) =>
            remove.mutate(
              { order, reason: v.reason ?? '', internalComment: v.internalComment ?? '', forever },
              {
                onSuccess: () => {
                  notify('success', t('staffOrder.delete.done'));
                  setOpen(null);
                  void navigate(paths.orderHistory(lang));
                },
              },
            )
          }
          onClose={() => setOpen(null)}
          onReload={reload}
          testId="confirm-delete"
        />
      ) : null}
    </>
  );
}
