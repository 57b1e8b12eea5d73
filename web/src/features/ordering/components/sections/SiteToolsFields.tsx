import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../../lib/session/session';
import type { SectionProps } from './section-props';

/** The tools the customer provides; staff also note the tools the provider requires. */
export function SiteToolsFields({ form, update }: Pick<SectionProps, 'form' | 'update'>) {
  const { t } = useTranslation();
  const staff = useProfile()?.type === 'BL';
  return (
    <>
      <Textarea
        label={t('ordering.siteBrief.toolsByCustomer')}
        description={t('ordering.siteBrief.toolsByCustomerHint')}
        autosize
        minRows={2}
        maxRows={6}
        value={form.toolsByCustomer}
        onChange={(e) => update({ toolsByCustomer: e.currentTarget.value })}
      />
      {staff ? (
        <Textarea
          label={t('ordering.siteBrief.toolsByProvider')}
          description={t('ordering.siteBrief.toolsByProviderHint')}
          autosize
          minRows={2}
          maxRows={6}
          value={form.toolsByProvider}
          onChange={(e) => update({ toolsByProvider: e.currentTarget.value })}
        />
      ) : null}
    </>
  );
}
