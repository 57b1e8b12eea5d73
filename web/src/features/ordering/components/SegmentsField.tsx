import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../../lib/catalogue';
import { localized } from '../../../lib/i18n/localized';

/** The industry segments the job belongs to, from the catalogue's segments (named in the reader's language). */
export function SegmentsField({ value, onChange, error }: { value: string[]; onChange: (segments: string[]) => void; error?: string }) {
  const { t, i18n } = useTranslation();
  const catalogue = useCatalogue();
  const segments = catalogue.data?.segments ?? [];
  const data = segments.map((segment) => ({ value: segment.id, label: localized(segment.name, i18n.language) || segment.id }));
  // A segment chosen earlier and since retired stays listed, by its id, so it can be seen and removed.
  for (const id of value) if (!data.some((d) => d.value === id)) data.push({ value: id, label: id });
  return (
    <MultiSelect
      label={t('ordering.segments.label')}
      description={t('ordering.segments.hint')}
      data={data}
      value={value}
      onChange={onChange}
      error={error}
      clearable
      searchable
      nothingFoundMessage={t('ordering.segments.none')}
      disabled={catalogue.isPending}
      data-testid="site-segments"
    />
  );
}
