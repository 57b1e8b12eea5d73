import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { useFormat } from '../../../../lib/i18n/use-format';
import type { Order } from '../../api/get-order';
import { useServiceName } from './use-service-name';

export function ServicesBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const nameOf = useServiceName();
  const services = order.services ?? [];
  const withMachines = services.some((service) => service.equipmentItems.length > 0);

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
                {withMachines ? <Table.Th scope="col">{t('orders.detail.equipment.forService')}</Table.Th> : null}
                <Table.Th scope="col" className="onsite-num">
                  {t('fields.price')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {services.map((service) => (
                <Table.Tr key={service.serviceId}>
                  <Table.Td>{nameOf(service)}</Table.Td>
                  {withMachines ? (
                    <Table.Td>
                      {service.equipmentItems
                        .map(
                          (item) =>
                            `${format.number(item.quantity)} × ${[item.manufacturer, item.machineModel, item.machineVariant].filter(Boolean).join(' ')}`,
                        )
                        .join(', ') || '—'}
                    </Table.Td>
                  ) : null}
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
