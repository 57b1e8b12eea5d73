import { useTranslation } from 'react-i18next';
import { useManualHistory } from '../api/manuals';
import { ChangeHistory } from './ChangeHistory';

const WHAT = {
  MANUAL_CREATED: 'helpContent.history.created',
  MANUAL_CHANGED: 'helpContent.history.changed',
  MANUAL_REMOVED: 'helpContent.history.removed',
} as const;

/** Who changed a manual and when (its events), newest first. */
export function ManualHistory({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  return <ChangeHistory title={t('helpContent.manuals.historyTitle')} history={useManualHistory(id)} labels={WHAT} testId="manual-history" onClose={onClose} />;
}
