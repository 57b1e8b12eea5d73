import { Stack } from '@mantine/core';
import type { Feasibility } from '@onsite/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import type { Language } from '../../../lib/i18n/languages';
import type { Profile } from '../../../lib/session/session';
import { useRemoveOrderFile, type BillingAddress, type SavedOrder } from '../api/ordering';
import type { SectionId } from '../model';
import { OrderDetailsBody } from './OrderDetailsBody';
import { OrderSummary } from './OrderSummary';
import { BillingSection } from './sections/BillingSection';
import { ConfirmSection } from './sections/ConfirmSection';
import { CustomerSection } from './sections/CustomerSection';
import { EquipmentSection } from './sections/EquipmentSection';
import { LocationSection } from './sections/LocationSection';
import type { SectionProps } from './sections/section-props';
import { ServicesSection } from './sections/ServicesSection';
import { TimeFramesSection } from './sections/TimeFramesSection';
import { ServiceScheduleSection } from './ServiceScheduleSection';
import type { useServiceScheduleOf } from './use-service-schedule';

export type OrderSections = Record<SectionId, { title: string; body: ReactNode }>;

/** Each section of the form with its title, laid out by the stepper or the checkout. */
export function useOrderSections({
  props,
  profile,
  lang,
  saved,
  picked,
  setPicked,
  feasibility,
  schedule,
  billing,
  requireBilling,
  stepper,
  oem,
  onError,
}: {
  props: SectionProps;
  profile: Profile;
  lang: Language;
  saved: SavedOrder | null;
  picked: File[];
  setPicked: (files: File[]) => void;
  feasibility: Feasibility;
  schedule: ReturnType<typeof useServiceScheduleOf>;
  billing: { addresses: readonly BillingAddress[]; loading: boolean };
  requireBilling: boolean;
  stepper: boolean;
  oem: boolean;
  onError: (failure: unknown) => void;
}): OrderSections {
  const { t } = useTranslation();
  const { form } = props;
  const companyName = profile.company?.name ?? '';
  const removeFile = useRemoveOrderFile();
  return {
    customer: { title: t('ordering.sections.customer'), body: <CustomerSection {...props} companyName={companyName} /> },
    services: { title: t('orders.form.sections.services'), body: <ServicesSection {...props} /> },
    location: { title: t('orders.form.sections.location'), body: <LocationSection {...props} /> },
    timeframes: {
      title: t('ordering.sections.timeframes'),
      body: (
        <Stack gap="xl">
          <TimeFramesSection {...props} feasibility={feasibility} />
          <ServiceScheduleSection {...props} frame={schedule.frame} generated={schedule.generated} nameOf={schedule.nameOf} />
        </Stack>
      ),
    },
    equipment: { title: t('ordering.sections.equipment'), body: <EquipmentSection {...props} /> },
    details: {
      title: t('orders.form.sections.additional'),
      body: (
        <OrderDetailsBody
          {...props}
          picked={picked}
          setPicked={setPicked}
          removing={removeFile.isPending ? (removeFile.variables?.path ?? null) : null}
          onRemoveKept={(file) => {
            if (!saved) return props.update({ files: form.files.filter((f) => f.path !== file.path) });
            removeFile.mutate(
              { order: saved, path: file.path },
              {
                onSuccess: () => notify('success', t('ordering.attachments.removed', { name: file.name })),
                onError,
              },
            );
          }}
          country={form.location.country || profile.country}
        />
      ),
    },
    billing: {
      title: t('ordering.sections.billing'),
      body: <BillingSection {...props} addresses={billing.addresses} loading={billing.loading} lang={lang} required={requireBilling} />,
    },
    confirm: {
      title: t('orders.form.sections.confirm'),
      body: (
        <ConfirmSection {...props}>
          {stepper ? (
            <OrderSummary form={form} oem={oem} companyName={companyName} billingAddresses={billing.addresses} picked={picked} schedules={schedule.schedules} />
          ) : null}
        </ConfirmSection>
      ),
    },
  };
}
