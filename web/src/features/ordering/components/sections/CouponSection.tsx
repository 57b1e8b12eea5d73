import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { DiscountCodeResult } from '@onsite/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/i18n/use-format';
import { useCheckCoupon } from '../../api/ordering';
import type { SectionProps } from './section-props';

function couponColor(result: DiscountCodeResult): string {
  return result.status === 'valid' ? 'teal.9' : result.status === 'not_yet_valid' ? 'orange.9' : 'red.9';
}

export function CouponSection({ form, update }: SectionProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const check = useCheckCoupon();
  const result = check.data && check.data.code === form.couponCode.trim().toUpperCase() ? check.data : null;
  const description = result?.description ? ((result.description as Record<string, string>)[i18n.language] ?? result.description.en) : undefined;
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('ordering.coupon.label')}
          description={t('ordering.coupon.hint')}
          value={form.couponCode}
          onChange={(e) => update({ couponCode: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (form.couponCode.trim()) check.mutate({ code: form.couponCode, country: form.location.country || undefined });
            }
          }}
          maw={320}
          style={{ flex: '1 1 200px' }}
        />
        <Button
          variant="default"
          onClick={() => check.mutate({ code: form.couponCode, country: form.location.country || undefined })}
          loading={check.isPending}
          disabled={!form.couponCode.trim()}
          data-testid="check-coupon"
        >
          {t('ordering.coupon.check')}
        </Button>
      </Group>
      {result ? (
        <Group gap="xs" data-testid="coupon-result" data-status={result.status} aria-live="polite">
          <Badge color={couponColor(result)} variant="filled">
            {t(`ordering.coupon.status.${result.status}`, {
              date: result.validTo ? format.localDate(result.validTo) : '',
              from: result.validFrom ? format.localDate(result.validFrom) : '',
            })}
          </Badge>
          {description && result.status === 'valid' ? <Text size="sm">{description}</Text> : null}
        </Group>
      ) : null}
    </Stack>
  );
}
