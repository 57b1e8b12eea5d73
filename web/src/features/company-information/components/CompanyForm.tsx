import { Badge, Button, Group, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/Section';
import { ToneBadge } from '../../../components/ToneBadge';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard';
import { PhoneInput } from '../../../components/widgets';
import { ApiError } from '../../../lib/api/api-client';
import { fieldError } from '../../../lib/forms/domain-messages';
import { detailsToErrors, type FieldErrors } from '../../../lib/forms/forms';
import { notify } from '../../../lib/notify';
import { useCompanyTag, useUpdateCompany, type CompanyView } from '../api/company';

type Values = {
  name: string;
  registrationNumber: string;
  sapNumber: string;
  companyPhone: string;
  addressLine1: string;
  addressLine2: string;
  postCode: string;
  city: string;
  state: string;
  contactPersonFirstName: string;
  contactPersonLastName: string;
  contactPersonEmail: string;
  contactPersonDepartment: string;
  invoiceEmail: string;
  accountingPhone: string;
  taxNumber: string;
};

function valuesOf(c: CompanyView): Values {
  return {
    name: c.name,
    registrationNumber: c.registrationNumber ?? '',
    sapNumber: c.sapNumber ?? '',
    companyPhone: c.companyPhone ?? '',
    addressLine1: c.address?.addressLine1 ?? '',
    addressLine2: c.address?.addressLine2 ?? '',
    postCode: c.address?.postCode ?? '',
    city: c.address?.city ?? '',
    state: c.address?.state ?? '',
    contactPersonFirstName: c.contactPersonFirstName ?? '',
    contactPersonLastName: c.contactPersonLastName ?? '',
    contactPersonEmail: c.contactPersonEmail ?? '',
    contactPersonDepartment: c.contactPersonDepartment ?? '',
    invoiceEmail: c.invoiceEmail ?? '',
    accountingPhone: c.accountingPhone ?? '',
    taxNumber: c.taxNumber ?? '',
  };
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/** General data, main contact and invoicing of a company; complete once the required parts are filled. */
export function CompanyForm({ company, staff, readOnly = false }: { company: CompanyView; staff: boolean; readOnly?: boolean }) {
  const { t } = useTranslation();
  const initial = valuesOf(company);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateCompany(staff);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const guard = useUnsavedChangesGuard(dirty);
  const set = (field: keyof Values, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  const requiredKeys: (keyof Values)[] = ['name'];
  // What a complete company has (D66: completed by an admin before offers can be accepted); saving works without.
  const completeKeys: (keyof Values)[] = ['name', 'addressLine1', 'postCode', 'city', 'contactPersonFirstName', 'contactPersonLastName', 'contactPersonEmail'];
  const error = (field: keyof Values) =>
    fieldError(errors[field]) ?? (submitted && requiredKeys.includes(field) && !values[field].trim() ? t('validation.required') : undefined);
  const text = (field: keyof Values, label: string, props: { type?: string; disabled?: boolean } = {}) => (
    <TextInput
      label={label}
      required={requiredKeys.includes(field)}
      value={values[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
      error={error(field)}
      readOnly={readOnly}
      {...props}
    />
  );

  const save = async () => {
    setSubmitted(true);
    if (requiredKeys.some((k) => !values[k].trim())) return notify('error', t('notification.formError'));
    const address =
      values.addressLine1.trim() && values.city.trim() && values.postCode.trim()
        ? {
            address: {
              addressLine1: values.addressLine1.trim(),
              addressLine2: optional(values.addressLine2),
              city: values.city.trim(),
              postCode: values.postCode.trim(),
              state: optional(values.state),
            },
          }
        : {};
    try {
      await update.mutateAsync({
        companyId: company._id,
        name: values.name.trim(),
        ...address,
        registrationNumber: optional(values.registrationNumber),
        contactPersonFirstName: optional(values.contactPersonFirstName),
        contactPersonLastName: optional(values.contactPersonLastName),
        contactPersonEmail: optional(values.contactPersonEmail),
        contactPersonDepartment: optional(values.contactPersonDepartment),
        companyPhone: optional(values.companyPhone),
        accountingPhone: optional(values.accountingPhone),
        invoiceEmail: optional(values.invoiceEmail),
        taxNumber: optional(values.taxNumber),
        ...(staff ? { sapNumber: optional(values.sapNumber) } : {}),
        // Complete once general data and the main contact are there and the company can be billed (D66).
        completed: completeKeys.every((k) => values[k].trim()) && company.billingAddresses.length > 0,
      });
      guard.allowNavigation();
      notify('success', t('companyInfo.saved'));
    } catch (e) {
      if (e instanceof ApiError && e.details.length) setErrors(detailsToErrors(e.details, (path) => path.replace(/^address\./, '')));
      notify('error', t('notification.defaultError'));
    }
  };

  return (
    <Stack gap="lg">
      <Section title={t('companyInfo.general.title')}>
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="outline" color="gray.8" style={{ textTransform: 'none' }}>
              {t(`companies.types.${company.type}`)}
            </Badge>
            <Badge variant="outline" color="gray.8" style={{ textTransform: 'none' }}>
              {t(`countries.${company.country}`, { defaultValue: company.country })}
            </Badge>
            <ToneBadge tone={company.completed ? 'done' : 'job'} data-testid="company-completed">
              {t(company.completed ? 'companyInfo.completed' : 'companyInfo.incomplete')}
            </ToneBadge>
          </Group>
          {company.completed ? null : (
            <Text size="sm" c="dimmed">
              {t('companyInfo.incompleteHint')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('name', t('companies.fields.name'))}
            {text('registrationNumber', t('companyInfo.fields.registrationNumber'))}
            {staff ? text('sapNumber', t('companies.fields.sapNumber')) : null}
          </SimpleGrid>
          {text('addressLine1', t('fields.addressLine1'))}
          {text('addressLine2', t('fields.addressLine2'))}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('postCode', t('fields.postCode'))}
            {text('city', t('fields.city'))}
            {text('state', t('fields.state'))}
          </SimpleGrid>
          <PhoneInput
            label={t('companyInfo.fields.companyPhone')}
            value={values.companyPhone}
            onChange={(v) => set('companyPhone', v)}
            defaultCountry={company.country}
            error={error('companyPhone')}
            readOnly={readOnly}
          />
        </Stack>
      </Section>
      <Section title={t('companyInfo.contact.title')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('contactPersonFirstName', t('users.fields.firstName'))}
          {text('contactPersonLastName', t('users.fields.lastName'))}
          {text('contactPersonEmail', t('fields.email'), { type: 'email' })}
          {text('contactPersonDepartment', t('companyInfo.fields.department'))}
        </SimpleGrid>
      </Section>
      <Section title={t('companyInfo.invoicing.title')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('invoiceEmail', t('companyInfo.fields.invoiceEmail'), { type: 'email' })}
          {text('taxNumber', t(company.country === 'in' ? 'companyInfo.fields.gstNumber' : 'companyInfo.fields.taxNumber'))}
        </SimpleGrid>
        <PhoneInput
          label={t('companyInfo.fields.accountingPhone')}
          value={values.accountingPhone}
          onChange={(v) => set('accountingPhone', v)}
          defaultCountry={company.country}
          error={error('accountingPhone')}
          readOnly={readOnly}
        />
      </Section>
      {readOnly ? null : (
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={update.isPending} data-testid="save-company">
            {t('staffCommon.save')}
          </Button>
        </Group>
      )}
      {guard.dialog}
    </Stack>
  );
}

/** Tags of a company: staff add and remove them one by one (the server answers with the new list). */
export function CompanyTags({ company, staff }: { company: CompanyView; staff: boolean }) {
  // `staff`: staff who may change the company (not a read-only role); everyone else sees the tags.
  const { t } = useTranslation();
  const tag = useCompanyTag();
  return (
    <Section title={t('companies.fields.tags')}>
      {staff ? (
        <TagsInput
          label={t('companies.fields.tags')}
          value={company.tags}
          onChange={(next) => {
            const added = next.find((x) => !company.tags.includes(x));
            const removed = company.tags.find((x) => !next.includes(x));
            if (added) tag.mutate({ companyId: company._id, tag: added, remove: false });
            else if (removed) tag.mutate({ companyId: company._id, tag: removed, remove: true });
          }}
          disabled={tag.isPending}
        />
      ) : (
        <Group gap={4}>
          {company.tags.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('companyInfo.noTags')}
            </Text>
          ) : null}
          {company.tags.map((x) => (
            <Badge key={x} variant="outline" color="gray.8" style={{ textTransform: 'none' }}>
              {x}
            </Badge>
          ))}
        </Group>
      )}
    </Section>
  );
}
