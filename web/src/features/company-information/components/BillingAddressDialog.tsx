import { billingAddressField, type BillingAddressInput } from '@onsite/domain';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect, PhoneInput } from '../../../components/widgets';
import { ApiError } from '../../../lib/api/api-client';
import { fieldError } from '../../../lib/forms/domain-messages';
import { detailsToErrors, issuesToErrors, type FieldErrors } from '../../../lib/forms/forms';
import { notify } from '../../../lib/notify';
import { useAddBillingAddress, useUpdateBillingAddress, type BillingAddressView, type CompanyView } from '../api/company';
import { FixedDialog } from '../../../components/FixedDialog';

type Values = Record<keyof BillingAddressInput, string>;
const FIELDS: (keyof BillingAddressInput)[] = [
  'firstName',
  'lastName',
  'email',
  'department',
  'addressLine1',
  'addressLine2',
  'addressPostCode',
  'addressCity',
  'addressState',
  'addressCountry',
  'accountingPhoneNumber',
  'taxNumber',
  'invoiceEmail',
];

/** Add or edit a billing address with the field rules (state optional only for the UK; GST number for India). */
export function BillingAddressDialog({ company, address, onClose }: { company: CompanyView; address: BillingAddressView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddBillingAddress();
  const update = useUpdateBillingAddress();
  const [values, setValues] = useState<Values>(
    () => Object.fromEntries(FIELDS.map((f) => [f, (address?.[f] as string | null | undefined) ?? (f === 'addressCountry' ? company.country : '')])) as Values,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const india = company.country === 'in' || values.addressCountry === 'in';
  const set = (field: keyof BillingAddressInput, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => {
      const { [field]: _cleared, ...rest } = previous;
      return rest;
    });
  };
  const error = (field: keyof BillingAddressInput) => fieldError(errors[field]);
  const text = (field: keyof BillingAddressInput, label: string, required = true) => (
    <TextInput label={label} required={required} value={values[field]} onChange={(e) => set(field, e.currentTarget.value)} error={error(field)} />
  );

  const submit = async () => {
    const input = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')) as unknown;
    const parsed = billingAddressField.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      notify('error', t('notification.formError'));
      return;
    }
    try {
      if (address) await update.mutateAsync({ companyId: company._id, billingAddress: { ...parsed.data, _id: address._id } });
      else await add.mutateAsync({ companyId: company._id, billingAddress: parsed.data });
      notify('success', t(address ? 'companyInfo.billing.edited' : 'companyInfo.billing.added'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.details.length) setErrors(detailsToErrors(e.details, (path) => path.replace(/^billingAddress\./, '')));
      notify('error', t(address ? 'companyInfo.billing.editFailed' : 'companyInfo.billing.addFailed'));
    }
  };

  return (
    <FixedDialog opened onClose={onClose} title={t(address ? 'companyInfo.billing.editTitle' : 'companyInfo.billing.addTitle')} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('firstName', t('users.fields.firstName'))}
            {text('lastName', t('users.fields.lastName'))}
            {text('email', t('fields.email'))}
            {text('department', t('companyInfo.fields.department'))}
          </SimpleGrid>
          {text('addressLine1', t('fields.addressLine1'))}
          {text('addressLine2', t('fields.addressLine2'), false)}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('addressPostCode', t('fields.postCode'))}
            {text('addressCity', t('fields.city'))}
            {text('addressState', t('fields.state'), values.addressCountry !== 'uk')}
            <CountrySelect
              label={t('fields.country')}
              value={values.addressCountry || null}
              onChange={(v) => set('addressCountry', v ?? '')}
              required
              error={error('addressCountry')}
            />
          </SimpleGrid>
          <PhoneInput
            label={t('companyInfo.fields.accountingPhone')}
            value={values.accountingPhoneNumber}
            onChange={(v) => set('accountingPhoneNumber', v)}
            defaultCountry={company.country}
            error={error('accountingPhoneNumber')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('taxNumber', t(india ? 'companyInfo.fields.gstNumber' : 'companyInfo.fields.taxNumber'))}
            {text('invoiceEmail', t('companyInfo.fields.invoiceEmail'), false)}
          </SimpleGrid>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('staffCommon.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending || update.isPending} data-testid="save-billing-address">
              {t('staffCommon.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FixedDialog>
  );
}
