import { Group, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../../components/widgets';
import { err, type SectionProps } from './section-props';

/** Whether there is a site walk before the job, and on which day. */
export function SiteWalkField({ form, update, errors }: SectionProps) {
  const { t } = useTranslation();
  return (
    <>
      <Switch
        label={t('ordering.siteBrief.siteWalk')}
        description={t('ordering.siteBrief.siteWalkHint')}
        checked={form.siteWalk}
        onChange={(e) => update({ siteWalk: e.currentTarget.checked, ...(e.currentTarget.checked ? {} : { siteWalkDate: '' }) })}
      />
      {form.siteWalk ? (
        <Group>
          <DatePicker
            label={t('ordering.siteBrief.siteWalkDate')}
            value={form.siteWalkDate || null}
            onChange={(value) => update({ siteWalkDate: value ?? '' })}
            required
            error={err(errors, 'siteWalkDate')}
          />
        </Group>
      ) : null}
    </>
  );
}
