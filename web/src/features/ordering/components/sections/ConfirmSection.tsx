import { Checkbox, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { err, type SectionProps } from './section-props';

export function ConfirmSection({ form, update, errors, children }: SectionProps & { children?: ReactNode }) {
  const { t } = useTranslation();
  const disclaimer = form.creationType === 'DIRECT_ORDER' ? t('ordering.disclaimer.order') : t('orders.form.disclaimer');
  return (
    <Stack gap="sm">
      {children}
      <Checkbox
        label={disclaimer}
        checked={form.disclaimerAccepted}
        onChange={(e) => update({ disclaimerAccepted: e.currentTarget.checked })}
        error={err(errors, 'disclaimerAccepted')}
        required
      />
    </Stack>
  );
}
