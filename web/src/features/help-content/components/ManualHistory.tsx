import { useTranslation } from 'react-i18next';
import { useManualHistory } from '../api/manuals';
import { ChangeHistoryDialog } from '../../../components/ChangeHistory';

const WHAT = {
  MANUAL_CREATED: 'helpContent.history.created',
  MANUAL_CHANGED: 'helpContent.history.changed',
  MANUAL_REMOVED: 'helpContent.history.removed',
} as const;

/** Who changed a manual and when (its events), newest first. */
export function ManualHistory({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ChangeHistoryDialog
      title={t('helpContent.manuals.historyTitle')}
      history={useManualHistory(id)}
      changeLabel={t('helpContent.history.change')}
      describe={(change) => t(WHAT[change.type])}
      loadError={{ title: t('helpContent.loadError'), description: t('helpContent.loadErrorText') }}
      minWidth={420}
      testId="manual-history"
      onClose={onClose}
    />
  );
}
