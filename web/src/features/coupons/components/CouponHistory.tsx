import { useTranslation } from 'react-i18next';
import { ChangeHistoryDialog } from '../../../components/ChangeHistory';
import { useFormat } from '../../../lib/i18n/use-format';
import { useCouponHistory, type CouponChange } from '../api/coupons';

function What({ change }: { change: CouponChange }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (change.type === 'COUPON_RETIRED') return <>{t('coupons.history.retired')}</>;
  const coupon = change.data.coupon as { countries?: string[]; validFrom?: string; validTo?: string; discountPercent?: number };
  const parts = [
    coupon.countries?.length ? coupon.countries.map((c) => t(`countries.${c}`)).join(', ') : t('coupons.allCountries'),
    `${coupon.validFrom ? format.localDate(coupon.validFrom) : '…'} – ${coupon.validTo ? format.localDate(coupon.validTo) : '…'}`,
    ...(coupon.discountPercent !== undefined ? [t('coupons.discountValue', { percent: coupon.discountPercent })] : []),
  ];
  return <>{`${t(change.type === 'COUPON_CREATED' ? 'coupons.history.created' : 'coupons.history.changed')}: ${parts.join(' · ')}`}</>;
}

/** Who changed a coupon, what and when (its events), newest first: a viewer, closed like any read-only dialog. */
export function CouponHistory({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ChangeHistoryDialog
      title={t('coupons.history.title', { code })}
      history={useCouponHistory(code)}
      changeLabel={t('coupons.history.change')}
      describe={(change) => <What change={change} />}
      emptyText={t('coupons.history.empty')}
      loadError={{ title: t('coupons.loadError'), description: t('coupons.loadErrorText') }}
      testId="coupon-history"
      onClose={onClose}
    />
  );
}
