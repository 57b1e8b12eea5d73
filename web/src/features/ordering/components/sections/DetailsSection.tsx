import { NumberInput, Stack, Switch, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { err, type SectionProps } from './section-props';
import { SiteBriefFields } from './SiteBriefFields';

export function DetailsSection({ form, update, errors }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <NumberInput
        label={t('fields.technicians')}
        required
        min={1}
        max={999}
        allowDecimal={false}
        allowNegative={false}
        value={form.technicians}
        onChange={(technicians) => update({ technicians })}
        error={err(errors, 'technicians')}
        w={{ base: '100%', xs: 320 }}
      />
      <Textarea
        label={t('fields.remarks')}
        description={t('orders.form.remarksHint')}
        autosize
        minRows={3}
        maxRows={10}
        value={form.remarks}
        onChange={(e) => update({ remarks: e.currentTarget.value })}
      />
      <Switch
        label={t('ordering.details.mobileSupport')}
        description={t('ordering.details.mobileSupportHint')}
        checked={form.mobileSupport}
        onChange={(e) => update({ mobileSupport: e.currentTarget.checked })}
      />
      <SiteBriefFields form={form} update={update} errors={errors} />
    </Stack>
  );
}
