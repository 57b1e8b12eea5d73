import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { ACCESS, can } from '../../../lib/session/access';
import { useProfile } from '../../../lib/session/session';
import { useCoupons, type ManagedCoupon } from '../api/coupons';
import { CouponDialog } from '../components/CouponDialog';
import { CouponHistory } from '../components/CouponHistory';
import { CouponList, type CouponAction } from '../components/CouponList';
import { RetireCouponDialog } from '../components/RetireCouponDialog';

type Dialog = { kind: 'edit'; coupon: ManagedCoupon | null } | { kind: 'retire'; coupon: ManagedCoupon } | { kind: 'history'; coupon: ManagedCoupon };

/**
 * coupons: the provider's coupon codes (D204). Every staff member sees them with their phase today and their history;
 * staff administrators and sales staff create, change and retire them.
 */
export function Component() {
  const { t } = useTranslation();
  const profile = useProfile();
  const manage = can(ACCESS.catalogueManagement, profile);
  const coupons = useCoupons();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const onAction = (action: CouponAction, coupon: ManagedCoupon) => setDialog({ kind: action, coupon });

  return (
    <Page
      title={t('coupons.title')}
      meta={
        <Text size="sm" c="dimmed">
          {t(manage ? 'coupons.intro' : 'coupons.introReadOnly')}
        </Text>
      }
      actions={
        manage ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'edit', coupon: null })} data-testid="new-coupon">
            {t('coupons.new')}
          </Button>
        ) : undefined
      }
    >
      {coupons.isPending ? (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : coupons.isError ? (
        <ErrorState
          title={t('coupons.loadError')}
          description={t('coupons.loadErrorText')}
          action={{ label: t('actions.retry'), onClick: () => void coupons.refetch() }}
        />
      ) : coupons.data.length === 0 ? (
        <EmptyListState
          title={t('coupons.empty')}
          description={t(manage ? 'coupons.emptyText' : 'coupons.emptyTextReadOnly')}
          {...(manage ? { action: { label: t('coupons.new'), onClick: () => setDialog({ kind: 'edit', coupon: null }) } } : {})}
        />
      ) : (
        <CouponList coupons={coupons.data} manage={manage} onAction={onAction} />
      )}
      {dialog?.kind === 'edit' ? <CouponDialog coupon={dialog.coupon} onClose={close} /> : null}
      {dialog?.kind === 'retire' ? <RetireCouponDialog coupon={dialog.coupon} onClose={close} /> : null}
      {dialog?.kind === 'history' ? <CouponHistory code={dialog.coupon.code} onClose={close} /> : null}
    </Page>
  );
}
