import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ServiceSchedule } from '@onsite/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../../lib/catalogue';
import { localized } from '../../../lib/i18n/localized';
import { currencyForCountry } from '../../../lib/i18n/countries';
import { useFormat } from '../../../lib/i18n/use-format';
import type { BillingAddress } from '../api/ordering';
import { ServiceScheduleTable } from '../../../components/ServiceScheduleTable';
import { applyScheduleEdits, type OrderForm } from '../model';

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

/**
 * The last step of the OEM process: everything entered, to check before sending — with each service's catalogue price
 * in the location's currency and their total, the billing address and the contact on site.
 */
export function OrderSummary({
  form,
  oem,
  companyName,
  billingAddresses = [],
  picked = [],
  schedules = null,
}: {
  form: OrderForm;
  oem: boolean;
  companyName: string;
  billingAddresses?: readonly BillingAddress[];
  /** Files picked and not yet uploaded (they go with the order). */
  picked?: readonly File[];
  /** The preferred frame's service schedule as generated (D216); shown with the customer's edits, as it goes with the order. */
  schedules?: readonly ServiceSchedule[] | null;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const catalogue = useCatalogue();
  const l = form.location;
  const currency = l.country ? currencyForCountry(l.country) : null;
  const lines = form.services.map((id) => {
    const service = catalogue.data?.services.find((s) => s.id === id);
    const price = currency ? service?.prices[currency] : undefined;
    return { id, name: service ? localized(service.name, i18n.language) : id, price: typeof price === 'number' ? price : null };
  });
  const total = lines.length > 0 && lines.every((line) => line.price !== null) ? lines.reduce((sum, line) => sum + (line.price ?? 0), 0) : null;
  const billing = billingAddresses.find((a) => a._id === form.billingAddressId);
  const contact = [form.contactName.trim(), form.contactPhone.trim(), form.contactEmail.trim()].filter(Boolean);
  const schedule = schedules?.length ? applyScheduleEdits(schedules, form.scheduleEdits ?? {}) : [];
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="order-summary" mb="md">
        {oem ? <Fact label={t('ordering.sections.customer')}>{form.forEndCustomer ? form.endCustomerName : companyName}</Fact> : null}
        <Fact label={t('orders.form.sections.services')}>
          {lines.length === 0 ? (
            '—'
          ) : (
            <Stack gap={2} data-testid="summary-prices">
              {lines.map((line) => (
                <Group key={line.id} justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm">{line.name}</Text>
                  <Text size="sm" className="onsite-num" style={{ whiteSpace: 'nowrap' }}>
                    {line.price !== null && currency ? format.money(line.price, currency) : t('orders.form.priceOnRequest')}
                  </Text>
                </Group>
              ))}
              {total !== null && currency ? (
                <Group justify="space-between" gap="xs" wrap="nowrap" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} pt={2}>
                  <Text size="sm" fw={700}>
                    {t('orders.form.estimatedTotal')}
                  </Text>
                  <Text size="sm" fw={700} className="onsite-num" data-testid="summary-total" style={{ whiteSpace: 'nowrap' }}>
                    {format.money(total, currency)}
                  </Text>
                </Group>
              ) : null}
            </Stack>
          )}
        </Fact>
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
                  {format.localDate(f.dateFrom)} – {format.localDate(f.dateTo)},{' '}
                  {f.perDay
                    ? t('ordering.frames.perDaySummary', {
                        first: `${f.first.from}–${f.first.to}`,
                        every: `${f.timeFrom}–${f.timeTo}`,
                        last: `${f.last.from}–${f.last.to}`,
                      })
                    : `${f.timeFrom}–${f.timeTo}`}
                </Text>
                <Badge size="xs" variant="outline">
                  {t(`timeframeType.${f.type}`)}
                </Badge>
                {f.nightShift || (f.perDay && (f.first.night || f.last.night)) ? (
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
        {form.segments.length ? (
          <Fact label={t('ordering.segments.label')}>
            {form.segments.map((id) => localized(catalogue.data?.segments.find((segment) => segment.id === id)?.name, i18n.language) || id).join(', ')}
          </Fact>
        ) : null}
        {form.files.length + picked.length > 0 ? (
          <Fact label={t('ordering.attachments.title')}>
            <span data-testid="summary-files">{[...form.files.map((f) => f.name), ...picked.map((f) => f.name)].join(', ')}</span>
          </Fact>
        ) : null}
        {form.couponCode.trim() ? <Fact label={t('ordering.coupon.label')}>{form.couponCode.trim().toUpperCase()}</Fact> : null}
        <Fact label={t('ordering.sections.billing')}>
          <span data-testid="summary-billing">
            {billing
              ? [
                  `${billing.firstName ?? ''} ${billing.lastName ?? ''}`.trim(),
                  billing.department,
                  billing.addressLine1,
                  [billing.addressPostCode, billing.addressCity].filter(Boolean).join(' '),
                  billing.addressCountry ? t(`countries.${billing.addressCountry}`) : '',
                ]
                  .filter(Boolean)
                  .join(', ')
              : t('ordering.summary.noBilling')}
          </span>
        </Fact>
        <Fact label={t('ordering.summary.contactOnSite')}>
          <span data-testid="summary-contact">{contact.length > 0 ? contact.join(', ') : t('ordering.summary.noContact')}</span>
        </Fact>
        <Fact label={t('ordering.details.mobileSupport')}>{t(form.mobileSupport ? 'orders.detail.yes' : 'orders.detail.answerNo')}</Fact>
      </SimpleGrid>
      {schedule.length > 0 ? (
        <Stack gap="sm" mb="md" data-testid="summary-schedule">
          {schedule.map((s) => (
            <ServiceScheduleTable key={s.serviceTypeId} schedule={s} title={lines.find((line) => line.id === s.serviceTypeId)?.name ?? s.name} />
          ))}
        </Stack>
      ) : null}
    </>
  );
}
