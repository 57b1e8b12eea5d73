import { useTranslation } from 'react-i18next';
import { useFaqHistory } from '../api/faqs';
import { ChangeHistoryDialog } from '../../../components/ChangeHistory';

const WHAT = { FAQ_CREATED: 'helpContent.history.created', FAQ_CHANGED: 'helpContent.history.changed', FAQ_REMOVED: 'helpContent.history.removed' } as const;

/** Who changed a question and when (its events), newest first. */
export function FaqHistory({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ChangeHistoryDialog
      title={t('helpContent.history.title')}
      history={useFaqHistory(id)}
      changeLabel={t('helpContent.history.change')}
      describe={(change) => t(WHAT[change.type])}
      loadError={{ title: t('helpContent.loadError'), description: t('helpContent.loadErrorText') }}
      minWidth={420}
      testId="faq-history"
      onClose={onClose}
    />
  );
}
