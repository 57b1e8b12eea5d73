import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { useFormat } from '../../../../lib/i18n/use-format';
import type { Order } from '../../api/get-order';
import { Fact } from '../Fact';
import { AttachedFiles } from './AttachedFiles';
import { ContactOnSite } from './ContactOnSite';
import { CouponCheck } from './CouponCheck';
import { OrderSegments } from './OrderSegments';
import { SiteChoices } from './SiteChoices';

export function AdditionalInformationBlock({ order, withContactOnSite = true }: { order: Order; withContactOnSite?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const info = order.additionalInformation;
  return (
    <Section title={t('orders.detail.additionalInformation')} id="additional-information">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Fact label={t('fields.technicians')}>
          {typeof info?.expectedNumberOfTechnicians === 'number' ? format.number(info.expectedNumberOfTechnicians) : ''}
        </Fact>
        <Fact label={t('fields.remarks')}>
          {info?.remarks ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {info.remarks}
            </Text>
          ) : null}
        </Fact>
        {info?.siteWalk ? (
          <Fact label={t('ordering.siteBrief.siteWalk')}>
            <span data-testid="order-site-walk">{info.siteWalk.date ? format.localDate(info.siteWalk.date) : t('orders.detail.yes')}</span>
          </Fact>
        ) : null}
        <OrderSegments ids={info?.segments ?? []} />
        <SiteChoices label={t('ordering.siteBrief.certificatesLabel')} kind="certificates" keys={info?.certificates ?? []} />
        <SiteChoices label={t('ordering.siteBrief.allergensLabel')} kind="allergens" keys={info?.allergens ?? []} />
        {info && info.environments.length > 0 ? (
          <Fact label={t('ordering.siteBrief.environmentsLabel')} testId="order-site-environments">
            {info.environments
              .map((e) =>
                e.key === 'other' && e.value ? `${t('ordering.siteBrief.environments.other')}: ${e.value}` : t(`ordering.siteBrief.environments.${e.key}`),
              )
              .join(', ')}
          </Fact>
        ) : null}
        {order.couponCode ? (
          <Fact label={t('ordering.coupon.label')}>
            <Text size="sm" data-testid="order-coupon">
              {order.couponCode}
            </Text>
            {order.couponCheck ? <CouponCheck check={order.couponCheck} /> : null}
          </Fact>
        ) : null}
        {order.mobileSupport !== null ? (
          <Fact label={t('ordering.details.mobileSupport')}>
            <span data-testid="order-mobile-support">{t(order.mobileSupport ? 'orders.detail.yes' : 'orders.detail.answerNo')}</span>
          </Fact>
        ) : null}
      </SimpleGrid>
      <AttachedFiles files={info?.files ?? []} />
      {withContactOnSite ? <ContactOnSite order={order} /> : null}
    </Section>
  );
}
