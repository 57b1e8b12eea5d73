import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../../lib/catalogue';
import { localized } from '../../../lib/localized';
import { useFormat } from '../../../lib/use-format';
import type { OrderForm } from '../model';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The last step of the OEM process: everything entered, to check before sending. */
export function OrderSummary({ form, oem, companyName }: { form: OrderForm; oem: boolean; companyName: string }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const catalogue = useCatalogue();
  const l = form.location;
  const names = form.services.map((id) => {
    const service = catalogue.data?.services.find((s) => s.id === id);
    return service ? localized(service.name, i18n.language) : id;
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="order-summary" mb="md">
      {oem ? <Fact label={t('ordering.sections.customer')}>{form.forEndCustomer ? form.endCustomerName : companyName}</Fact> : null}
      <Fact label={t('orders.form.sections.services')}>{names.join(', ') || '—'}</Fact>
      <Fact label={t('orders.form.sections.location')}>
        {[l.name, l.addressLine1, [l.postCode, l.city].filter(Boolean).join(' '), l.country ? t(`countries.${l.country}`) : ''].filter(Boolean).join(', ')}
        {l.lat !== null && l.lng !== null ? (
          <Badge ml="xs" size="xs" variant="light">
            {t('ordering.summary.pinned')}
          </Badge>
        ) : null}
      </Fact>
      <Fact label={t('ordering.sections.timeframes')}>
        <Stack gap={2}>
          {form.frames.map((f, i) => (
            <Group key={i} gap={6}>
              <Text size="sm">
                {format.localDate(f.dateFrom)} – {format.localDate(f.dateTo)}, {f.timeFrom}–{f.timeTo}
              </Text>
              <Badge size="xs" variant="outline">
                {t(`timeframeType.${f.type}`)}
              </Badge>
              {f.nightShift ? (
                <Badge size="xs" variant="light" color="grape">
                  {t('ordering.frames.nightShift')}
                </Badge>
              ) : null}
            </Group>
          ))}
        </Stack>
      </Fact>
      <Fact label={t('ordering.sections.equipment')}>
        {form.equipments.length ? form.equipments.map((e) => `${e.amount} × ${e.producer} ${e.machine}`).join(', ') : t('ordering.summary.noEquipment')}
      </Fact>
      <Fact label={t('fields.technicians')}>{String(form.technicians)}</Fact>
      {form.couponCode.trim() ? <Fact label={t('ordering.coupon.label')}>{form.couponCode.trim().toUpperCase()}</Fact> : null}
    </SimpleGrid>
  );
}
