import { Anchor, Loader, Modal, ScrollArea, Table, Text } from '@mantine/core';
import type { LossReason } from '@onsite/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '../../../lib/i18n/languages';
import { paths } from '../../../lib/paths';
import { useKpiDrill, type KpiParams } from '../api/kpi';

/** The orders behind a loss reason, each linking to the order. */
export function DrillDialog({ params, reason, lang, onClose }: { params: KpiParams; reason: LossReason | null; lang: Language; onClose: () => void }) {
  const { t } = useTranslation();
  const drill = useKpiDrill(params, reason);
  const orders = drill.data?.orders ?? [];
  return (
    <Modal
      opened={reason !== null}
      onClose={onClose}
      title={reason ? t('kpi.ordersOf', { reason: t(`kpi.reasons.${reason}`) }) : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {drill.isPending ? (
        <Loader size="sm" />
      ) : orders.length === 0 ? (
        <Text>{t('kpi.drillEmpty')}</Text>
      ) : (
        <ScrollArea>
          <Text size="sm" c="dimmed" mb="xs">
            {t('kpi.ordersCount', { count: orders.length })}
          </Text>
          <Table striped data-testid="drill-orders">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('kpi.columns.reference')}</Table.Th>
                <Table.Th>{t('kpi.columns.customer')}</Table.Th>
                <Table.Th>{t('kpi.columns.country')}</Table.Th>
                <Table.Th>{t('kpi.columns.month')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((order) => (
                <Table.Tr key={order.refId}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.order(lang, order.refId)}>
                      {order.refId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{order.customerName}</Table.Td>
                  <Table.Td>{t(`countries.${order.country}`, { defaultValue: order.country })}</Table.Td>
                  <Table.Td>{order.month}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  );
}
