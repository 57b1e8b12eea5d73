import { Fieldset, MultiSelect, Stack, TextInput } from '@mantine/core';
import { SITE_ALLERGENS, SITE_CERTIFICATES, SITE_ENVIRONMENTS } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import { SegmentsField } from '../SegmentsField';
import { err, type SectionProps } from './section-props';
import { SiteToolsFields } from './SiteToolsFields';
import { SiteWalkField } from './SiteWalkField';

/**
 * The site brief (D213): a site walk before the job and its day, the certificates the technicians need, allergens and
 * environments they meet on site, and the tools to bring. Staff also note the tools the provider requires.
 */
export function SiteBriefFields({ form, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const options = (kind: string, keys: readonly string[]) => keys.map((value) => ({ value, label: t(`ordering.siteBrief.${kind}.${value}`) }));
  return (
    <Fieldset legend={t('ordering.siteBrief.title')} data-testid="site-brief">
      <Stack gap="md">
        <SiteWalkField form={form} update={update} errors={errors} />
        <SegmentsField value={form.segments} onChange={(segments) => update({ segments })} error={err(errors, 'segments')} />
        <MultiSelect
          label={t('ordering.siteBrief.certificatesLabel')}
          description={t('ordering.siteBrief.certificatesHint')}
          data={options('certificates', SITE_CERTIFICATES)}
          value={form.certificates}
          onChange={(certificates) => update({ certificates })}
          error={err(errors, 'certificates')}
          clearable
          data-testid="site-certificates"
        />
        <MultiSelect
          label={t('ordering.siteBrief.allergensLabel')}
          description={t('ordering.siteBrief.allergensHint')}
          data={options('allergens', SITE_ALLERGENS)}
          value={form.allergens}
          onChange={(allergens) => update({ allergens })}
          error={err(errors, 'allergens')}
          clearable
          data-testid="site-allergens"
        />
        <MultiSelect
          label={t('ordering.siteBrief.environmentsLabel')}
          data={options('environments', SITE_ENVIRONMENTS)}
          value={form.environments}
          onChange={(environments) => update({ environments, ...(environments.includes('other') ? {} : { environmentOther: '' }) })}
          error={err(errors, 'environments')}
          clearable
          data-testid="site-environments"
        />
        {form.environments.includes('other') ? (
          <TextInput
            label={t('ordering.siteBrief.environmentOther')}
            value={form.environmentOther}
            onChange={(e) => update({ environmentOther: e.currentTarget.value })}
            required
            maxLength={200}
            error={err(errors, 'environmentOther')}
          />
        ) : null}
        <SiteToolsFields form={form} update={update} />
      </Stack>
    </Fieldset>
  );
}
