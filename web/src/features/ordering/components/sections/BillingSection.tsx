import { Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '../../../../lib/i18n/languages';
import { paths } from '../../../../lib/paths';
import type { BillingAddress } from '../../api/ordering';
import { err, type SectionProps } from './section-props';

export function BillingSection({
  form,
  update,
  errors,
  addresses,
  loading,
  lang,
  required,
}: SectionProps & { addresses: readonly BillingAddress[]; loading: boolean; lang: Language; required: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton height={80} />;
  const label = (a: BillingAddress) =>
    [
      `${String(a.firstName ?? '')} ${String(a.lastName ?? '')}`.trim(),
      a.department,
      a.addressLine1,
      [a.addressPostCode, a.addressCity].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(', ');
  return (
    <Stack gap="sm">
      {addresses.length === 0 ? (
        <Text size="sm">{t('ordering.billing.none')}</Text>
      ) : (
        <Radio.Group
          value={form.billingAddressId}
          onChange={(billingAddressId) => update({ billingAddressId })}
          label={t('ordering.billing.choose')}
          withAsterisk={required}
          error={err(errors, 'billingAddressId')}
        >
          <Stack gap="xs" mt="xs">
            {addresses.map((a) => (
              <Radio key={a._id} value={a._id} label={label(a)} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {!required ? (
        <Text size="xs" c="dimmed">
          {t('ordering.billing.later')}
        </Text>
      ) : null}
      <Text size="sm">
        <Link to={paths.companyInformation(lang)} target="_blank" rel="noopener">
          {t('ordering.billing.add')}
        </Link>
      </Text>
    </Stack>
  );
}
