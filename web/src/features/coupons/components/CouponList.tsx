import { Button, Group, Menu, Paper, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Language } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import { IconChevronDown } from '../../../components/icons';
import { ToneBadge } from '../../../components/ToneBadge';
import { todayUtcIso } from '../../../components/widgets/calendar';
import type { Tone } from '../../../theme';
import { useFormat } from '../../../lib/i18n/use-format';
import type { ManagedCoupon } from '../api/coupons';

export type CouponAction = 'edit' | 'retire' | 'history';

type Phase = 'active' | 'scheduled' | 'expired' | 'retired';
const PHASE_TONES: Record<Phase, Tone> = { active: 'done', scheduled: 'request', expired: 'negative', retired: 'muted' };

/** Where a coupon stands today (UTC days, as orders judge it). */
function phaseOf(coupon: ManagedCoupon, today: string): Phase {
  if (coupon.retired) return 'retired';
  if (coupon.validFrom && today < coupon.validFrom) return 'scheduled';
  if (coupon.validTo && today > coupon.validTo) return 'expired';
  return 'active';
}

function useCouponTexts() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const lang = (i18n.resolvedLanguage ?? 'en') as Language;
  return {
    description: (c: ManagedCoupon) => c.description[lang] || c.description.en || '–',
    countries: (c: ManagedCoupon) => (c.countries.length ? c.countries.map((code) => t(`countries.${code}`)).join(', ') : t('coupons.allCountries')),
    validity: (c: ManagedCoupon) => `${c.validFrom ? format.localDate(c.validFrom) : '…'} – ${c.validTo ? format.localDate(c.validTo) : '…'}`,
    discount: (c: ManagedCoupon) => (c.discountPercent !== undefined ? t('coupons.discountValue', { percent: c.discountPercent }) : '–'),
  };
}

function Actions({ coupon, manage, onAction }: { coupon: ManagedCoupon; manage: boolean; onAction: (action: CouponAction, coupon: ManagedCoupon) => void }) {
  const { t } = useTranslation();
  if (!manage || coupon.retired)
    return (
      <Button size="compact-sm" variant="subtle" onClick={() => onAction('history', coupon)}>
        {t('coupons.history.open')}
      </Button>
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="subtle" rightSection={<IconChevronDown size={14} />} aria-label={t('coupons.actionsFor', { code: coupon.code })}>
          {t('coupons.actions')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onAction('edit', coupon)}>{t('coupons.edit')}</Menu.Item>
        <Menu.Item onClick={() => onAction('history', coupon)}>{t('coupons.history.open')}</Menu.Item>
        <Menu.Item color="red" onClick={() => onAction('retire', coupon)}>
          {t('coupons.retire')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The coupons as a table on wide screens and as cards on phones, with their phase today and their actions. */
export function CouponList({
  coupons,
  manage,
  onAction,
}: {
  coupons: readonly ManagedCoupon[];
  manage: boolean;
  onAction: (action: CouponAction, coupon: ManagedCoupon) => void;
}) {
  const { t } = useTranslation();
  const texts = useCouponTexts();
  const phone = useMediaQuery('(max-width: 48em)');
  const today = todayUtcIso();
  const badge = (coupon: ManagedCoupon) => {
    const phase = phaseOf(coupon, today);
    return (
      <ToneBadge tone={PHASE_TONES[phase]} data-testid={`coupon-phase-${coupon.code}`}>
        {t(`coupons.phases.${phase}`)}
      </ToneBadge>
    );
  };

  if (phone)
    return (
      <Stack gap="sm" data-testid="coupon-cards">
        {coupons.map((coupon) => (
          <Paper key={coupon.code} withBorder p="sm" radius="md" data-testid={`coupon-${coupon.code}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700} ff="monospace">
                  {coupon.code}
                </Text>
                {badge(coupon)}
              </Group>
              <Text size="sm">{texts.description(coupon)}</Text>
              <Text size="sm">
                <Text span c="dimmed">{`${t('coupons.fields.countries')}: `}</Text>
                {texts.countries(coupon)}
              </Text>
              <Text size="sm">
                <Text span c="dimmed">{`${t('coupons.fields.validity')}: `}</Text>
                {texts.validity(coupon)}
              </Text>
              <Text size="sm">
                <Text span c="dimmed">{`${t('coupons.fields.discount')}: `}</Text>
                {texts.discount(coupon)}
              </Text>
              <Group justify="flex-end">
                <Actions coupon={coupon} manage={manage} onAction={onAction} />
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover miw={760} data-testid="coupon-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('coupons.fields.code')}</Table.Th>
            <Table.Th>{t('coupons.fields.description')}</Table.Th>
            <Table.Th>{t('coupons.fields.countries')}</Table.Th>
            <Table.Th>{t('coupons.fields.validity')}</Table.Th>
            <Table.Th>{t('coupons.fields.discount')}</Table.Th>
            <Table.Th>{t('coupons.fields.phase')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('coupons.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {coupons.map((coupon) => (
            <Table.Tr key={coupon.code} data-testid={`coupon-${coupon.code}`}>
              <Table.Td ff="monospace" fw={600}>
                {coupon.code}
              </Table.Td>
              <Table.Td>{texts.description(coupon)}</Table.Td>
              <Table.Td>{texts.countries(coupon)}</Table.Td>
              <Table.Td className="onsite-nowrap">{texts.validity(coupon)}</Table.Td>
              <Table.Td>{texts.discount(coupon)}</Table.Td>
              <Table.Td>{badge(coupon)}</Table.Td>
              <Table.Td>
                <Actions coupon={coupon} manage={manage} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
