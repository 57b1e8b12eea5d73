import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../../../../components/widgets';
import { err, type SectionProps } from './section-props';

export function ContactSection({ form, update, errors, country }: SectionProps & { country: string }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label={t('ordering.contact.name')}
        description={t('ordering.contact.hint')}
        value={form.contactName}
        onChange={(e) => update({ contactName: e.currentTarget.value })}
        error={err(errors, 'contactName')}
        autoComplete="name"
      />
      <PhoneInput
        label={t('ordering.contact.phone')}
        value={form.contactPhone}
        defaultCountry={country}
        onChange={(contactPhone) => update({ contactPhone })}
      />
      <TextInput
        label={t('ordering.contact.email')}
        type="email"
        value={form.contactEmail}
        onChange={(e) => update({ contactEmail: e.currentTarget.value })}
        autoComplete="email"
      />
    </SimpleGrid>
  );
}
