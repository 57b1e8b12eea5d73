import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { useFormat } from '../../../../lib/i18n/use-format';
import type { Order } from '../../api/get-order';

/** The customer's machines the job is about. */
export function EquipmentBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const equipments = order.equipments;
  return (
    <Section title={t('orders.detail.equipment.title')} id="equipment">
      {equipments.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-equipment">
          {t('orders.detail.equipment.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label={t('orders.detail.equipment.title')}>
          <Table aria-label={t('orders.detail.equipment.title')} data-testid="equipment-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('orders.detail.equipment.producer')}</Table.Th>
                <Table.Th scope="col">{t('orders.detail.equipment.machine')}</Table.Th>
                <Table.Th scope="col">{t('orders.detail.equipment.machineType')}</Table.Th>
                <Table.Th scope="col" className="onsite-num">
                  {t('orders.detail.equipment.amount')}
                </Table.Th>
                <Table.Th scope="col">{t('orders.detail.equipment.serials')}</Table.Th>
                <Table.Th scope="col">{t('orders.detail.equipment.comments')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {equipments.map((equipment, index) => (
                <Table.Tr key={`${equipment.producer}-${equipment.machine}-${index}`}>
                  <Table.Td>{equipment.producer}</Table.Td>
                  <Table.Td>{equipment.machine}</Table.Td>
                  <Table.Td>{equipment.machineType || '—'}</Table.Td>
                  <Table.Td className="onsite-num">{format.number(equipment.amount)}</Table.Td>
                  <Table.Td>{equipment.machineNumbers.join(', ') || '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{equipment.comments || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
