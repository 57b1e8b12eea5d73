import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/StatusState';
import { useCatalogue } from '../../../../lib/catalogue';
import { currencyForCountry } from '../../../../lib/i18n/countries';
import { ServicePicker } from '../ServicePicker';
import { err, type SectionProps } from './section-props';

export function ServicesSection({ form, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  if (catalogue.isPending) {
    return (
      <Stack gap="sm">
        <Skeleton height={64} />
        <Skeleton height={64} />
      </Stack>
    );
  }
  if (catalogue.isError) {
    return (
      <ErrorState
        title={t('orders.form.catalogueError.title')}
        description={t('orders.form.catalogueError.text')}
        action={{ label: t('actions.retry'), onClick: () => void catalogue.refetch() }}
      />
    );
  }
  return (
    <div id="services">
      <ServicePicker
        catalogue={catalogue.data}
        currency={form.location.country ? currencyForCountry(form.location.country) : null}
        value={form.services}
        onChange={(services) => update({ services })}
        error={err(errors, 'services')}
      />
    </div>
  );
}
