import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../../../lib/catalogue';
import { localized } from '../../../../lib/i18n/localized';
import { Fact } from '../Fact';

/** The industry segments chosen while ordering, named from the catalogue in the reader's language (a retired one by its id). */
export function OrderSegments({ ids }: { ids: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const catalogue = useCatalogue();
  if (ids.length === 0) return null;
  const nameOf = (id: string) => localized(catalogue.data?.segments.find((s) => s.id === id)?.name, i18n.language) || id;
  return (
    <Fact label={t('ordering.segments.label')} testId="order-segments">
      {ids.map(nameOf).join(', ')}
    </Fact>
  );
}
