import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/widgets';
import { notify } from '../../../lib/notify';
import { useCreateCompany } from '../api/companies';
import { FixedDialog } from '../../../components/FixedDialog';

/** Add a customer company: name, type, country and SAP number; the rest its admin completes. */
export function AddCompanyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (uid: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateCompany();
  const [name, setName] = useState('');
  const [type, setType] = useState<'OEM' | 'EC'>('EC');
  const [country, setCountry] = useState<string | null>(null);
  const [sapNumber, setSapNumber] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const required = (ok: boolean) => (submitted && !ok ? t('validation.required') : undefined);
  return (
    <FixedDialog opened onClose={onClose} title={t('companies.add.title')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (!name.trim() || !country) return notify('error', t('notification.formError'));
          create.mutate(
            { name: name.trim(), type, country, ...(sapNumber.trim() ? { sapNumber: sapNumber.trim() } : {}) },
            {
              onSuccess: (company) => {
                notify('success', t('companies.add.done'));
                onCreated(company.uid);
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('companies.fields.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={required(Boolean(name.trim()))}
            data-autofocus
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('companies.fields.type')}
            </Text>
            <SegmentedControl
              value={type}
              onChange={(value) => setType(value as 'OEM' | 'EC')}
              data={[
                { value: 'EC', label: t('companies.types.EC') },
                { value: 'OEM', label: t('companies.types.OEM') },
              ]}
              aria-label={t('companies.fields.type')}
            />
          </Stack>
          <CountrySelect label={t('fields.country')} value={country} onChange={setCountry} required servedOnly error={required(Boolean(country))} />
          <TextInput label={t('companies.fields.sapNumber')} value={sapNumber} onChange={(e) => setSapNumber(e.currentTarget.value)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('staffCommon.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="create-company">
              {t('staffCommon.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FixedDialog>
  );
}
