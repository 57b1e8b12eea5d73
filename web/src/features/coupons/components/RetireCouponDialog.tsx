import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { notify } from '../../../lib/notify';
import { useCouponCommand, type ManagedCoupon } from '../api/coupons';

/** Retiring ends a coupon at once: orders no longer find its code, which stays taken. */
export function RetireCouponDialog({ coupon, onClose }: { coupon: ManagedCoupon; onClose: () => void }) {
  const { t } = useTranslation();
  const retire = useCouponCommand();
  return (
    <FixedDialog opened onClose={onClose} title={t('coupons.retireDialog.title', { code: coupon.code })}>
      <Stack gap="md">
        <CommandFailureAlert error={retire.error} onReload={onClose} />
        <Text size="sm">{t('coupons.retireDialog.text', { code: coupon.code })}</Text>
        <DialogActions onCancel={onClose} busy={retire.isPending}>
          <Button
            color="red"
            loading={retire.isPending}
            data-testid="confirm-retire-coupon"
            onClick={() =>
              retire.mutate(
                { kind: 'retire', body: { code: coupon.code } },
                {
                  onSuccess: () => {
                    notify('success', t('coupons.retireDialog.done', { code: coupon.code }));
                    onClose();
                  },
                },
              )
            }
          >
            {t('coupons.retire')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
