import type { Language } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import { ChangeHistoryDialog } from '../../../components/ChangeHistory';
import { useFormat } from '../../../lib/i18n/use-format';
import { useCatalogueHistory, type CatalogueChange, type CatalogueItemKind } from '../api/catalogue';

const WHAT: Record<CatalogueChange['type'], string> = {
  CATALOGUE_SEGMENT_CREATED: 'catalogueAdmin.history.created',
  CATALOGUE_SEGMENT_CHANGED: 'catalogueAdmin.history.changed',
  CATALOGUE_SEGMENT_RETIRED: 'catalogueAdmin.history.retired',
  CATALOGUE_SERVICE_CREATED: 'catalogueAdmin.history.created',
  CATALOGUE_SERVICE_CHANGED: 'catalogueAdmin.history.changed',
  CATALOGUE_SERVICE_PUBLISHED: 'catalogueAdmin.history.published',
  CATALOGUE_SERVICE_RETIRED: 'catalogueAdmin.history.retired',
};

function What({ change }: { change: CatalogueChange }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const lang = (i18n.resolvedLanguage ?? 'en') as Language;
  const what = t(WHAT[change.type]);
  const item = (change.data.service ?? change.data.segment) as
    { name?: Partial<Record<Language, string>>; countries?: string[]; prices?: Record<string, number> } | undefined;
  if (!item) return <>{what}</>;
  const parts = [
    item.name?.[lang] || item.name?.en || '',
    ...(item.countries ? [item.countries.map((c) => t(`countries.${c}`)).join(', ')] : []),
    ...Object.entries(item.prices ?? {}).map(([currency, minor]) => format.money(minor, currency)),
  ].filter(Boolean);
  return <>{`${what}: ${parts.join(' · ')}`}</>;
}

/** Who changed a segment or service, what and when (its events), newest first. */
export function CatalogueHistory({ kind, id, onClose }: { kind: CatalogueItemKind; id: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ChangeHistoryDialog
      title={t('catalogueAdmin.history.title', { id })}
      history={useCatalogueHistory(kind, id)}
      changeLabel={t('catalogueAdmin.history.change')}
      describe={(change) => <What change={change} />}
      emptyText={t('catalogueAdmin.history.empty')}
      loadError={{ title: t('catalogueAdmin.loadError'), description: t('catalogueAdmin.loadErrorText') }}
      testId="catalogue-history"
      onClose={onClose}
    />
  );
}
