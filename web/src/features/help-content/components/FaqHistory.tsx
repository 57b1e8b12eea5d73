import { useTranslation } from 'react-i18next';
import { useFaqHistory } from '../api/faqs';
import { ChangeHistory } from './ChangeHistory';

const WHAT = { FAQ_CREATED: 'helpContent.history.created', FAQ_CHANGED: 'helpContent.history.changed', FAQ_REMOVED: 'helpContent.history.removed' } as const;

/** Who changed a question and when (its events), newest first. */
export function FaqHistory({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  return <ChangeHistory title={t('helpContent.history.title')} history={useFaqHistory(id)} labels={WHAT} testId="faq-history" onClose={onClose} />;
}
