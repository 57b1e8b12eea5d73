import { Modal, Stack, Table, Text, ScrollArea, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/StatusState';
import { useFormat } from '../../../lib/use-format';
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
  const format = useFormat();
  const history = useCouponHistory(code);
  return (
    <Modal opened onClose={onClose} title={t('coupons.history.title', { code })} size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      {history.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={24} />
          <Skeleton height={24} />
        </Stack>
      ) : history.isError ? (
        <ErrorState
          title={t('coupons.loadError')}
          description={t('coupons.loadErrorText')}
          action={{ label: t('actions.retry'), onClick: () => void history.refetch() }}
        />
      ) : history.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('coupons.history.empty')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped miw={480} data-testid="coupon-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.timestamp')}</Table.Th>
                <Table.Th>{t('fields.author')}</Table.Th>
                <Table.Th>{t('coupons.history.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((change, index) => (
                <Table.Tr key={`${change.at}-${index}`}>
                  <Table.Td className="onsite-nowrap">{format.dateTime(change.at)}</Table.Td>
                  <Table.Td>{change.actor.name ?? change.actor.userId}</Table.Td>
                  <Table.Td>
                    <What change={change} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  );
}
