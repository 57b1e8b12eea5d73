import { Radio, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { err, type SectionProps } from './section-props';

/** OEM: the end customer the service is for, or their own company. */
export function CustomerSection({ form, update, errors, companyName }: SectionProps & { companyName: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Radio.Group
        value={form.forEndCustomer ? 'end' : 'own'}
        onChange={(v) => update({ forEndCustomer: v === 'end' })}
        label={t('ordering.customer.question')}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="end" label={t('ordering.customer.endCustomer')} />
          <Radio value="own" label={t('ordering.customer.own', { company: companyName })} />
        </Stack>
      </Radio.Group>
      {form.forEndCustomer ? (
        <TextInput
          label={t('ordering.customer.endCustomerName')}
          required
          value={form.endCustomerName}
          onChange={(e) => update({ endCustomerName: e.currentTarget.value })}
          error={err(errors, 'endCustomerName')}
          maw={480}
        />
      ) : null}
    </Stack>
  );
}
