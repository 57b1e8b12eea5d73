import { Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/Section';
import { localized } from '../../../lib/localized';
import { useFormat } from '../../../lib/use-format';
import { useCatalogue } from '../../../lib/catalogue';
import type { Order } from '../api/get-order';

/** A label above its value, the way every block of the detail shows facts. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </Stack>
  );
}

export function CustomerLocationBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const location = order.location;
  const country = (code: string | null | undefined) => (code ? t(`countries.${code}`, { defaultValue: code.toUpperCase() }) : '');
  return (
    <Section title={t('orders.detail.customerLocation')} id="customer-location">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Fact label={t('fields.customer')}>
          {[order.customer?.name, country(order.customer?.country)].filter(Boolean).join(', ')}
        </Fact>
        <Fact label={t('fields.locationName')}>{location?.name}</Fact>
        <Fact label={t('fields.address')}>
          {location ? (
            <>
              <div>{location.addressLine1}</div>
              {location.addressLine2 ? <div>{location.addressLine2}</div> : null}
              <div>{[location.postCode, location.city].filter(Boolean).join(' ')}</div>
              {location.state ? <div>{location.state}</div> : null}
              <div>{country(location.country)}</div>
            </>
          ) : null}
        </Fact>
        <Fact label={t('fields.timeZone')}>{location?.timeZone}</Fact>
      </SimpleGrid>
    </Section>
  );
}

export function TimeframesBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const frames = order.timeframes ?? [];
  return (
    <Section title={t('orders.detail.timeframes')} id="timeframes">
      {frames.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('orders.detail.noTimeframes')}
        </Text>
      ) : (
        <Stack gap="sm">
          {frames.map((frame, index) => (
            <Group key={`${frame.from}-${frame.to}`} gap="lg" wrap="wrap" align="flex-start">
              <Fact label={t(index === 0 ? 'orders.detail.preferred' : 'orders.detail.alternative')}>
                {t(`timeframeType.${frame.type ?? 'FIXED'}`, { defaultValue: frame.type ?? '' })}
              </Fact>
              <Fact label={t('fields.dateFrom')}>{format.localDateTime(frame.from)}</Fact>
              <Fact label={t('fields.dateTo')}>{format.localDateTime(frame.to)}</Fact>
            </Group>
          ))}
          {order.location?.timeZone ? (
            <Text size="xs" c="dimmed">
              {t('orders.detail.timeZoneNote', { timeZone: order.location.timeZone })}
            </Text>
          ) : null}
        </Stack>
      )}
    </Section>
  );
}

export function ServicesBlock({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const services = order.services ?? [];
  // The order keeps the name as ordered; the catalogue has it in every console language.
  const catalogue = useCatalogue();
  const nameOf = (service: Order['services'][number]) =>
    localized(catalogue.data?.services.find((c) => c.id === service.serviceId)?.name ?? service.name, i18n.language) || service.serviceId;

  return (
    <Section title={t('orders.detail.services')} id="services">
      {services.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('orders.detail.noServices')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label={t('orders.detail.services')}>
          <Table aria-label={t('orders.detail.services')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('fields.service')}</Table.Th>
                <Table.Th scope="col" className="onsite-num">
                  {t('fields.price')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {services.map((service) => (
                <Table.Tr key={service.serviceId}>
                  <Table.Td>{nameOf(service)}</Table.Td>
                  <Table.Td className="onsite-num">
                    {service.price ? format.money(service.price.amount, service.price.currency) : t('orders.form.priceOnRequest')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

export function AdditionalInformationBlock({ order }: { order: Order }) {
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
          {info?.remarks ? <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{info.remarks}</Text> : null}
        </Fact>
        {order.couponCode ? (
          <Fact label={t('ordering.coupon.label')}>
            <Text size="sm" data-testid="order-coupon">{order.couponCode}</Text>
          </Fact>
        ) : null}
        {order.mobileSupport ? <Fact label={t('ordering.details.mobileSupport')}>{t('orders.detail.yes')}</Fact> : null}
      </SimpleGrid>
    </Section>
  );
}
