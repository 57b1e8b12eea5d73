import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../../components/Page';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../lib/languages';
import { useProfile } from '../../../lib/session';
import { QuoteRequestForm } from '../components/QuoteRequestForm';

/** order-form: the one-page 'get your quote' checkout (EC and BL). */
export function Component() {
  const { t } = useTranslation();
  const { lang: langParam } = useParams();
  const lang = isLanguage(langParam) ? langParam : DEFAULT_LANGUAGE;
  const profile = useProfile();
  if (!profile) return <PageSkeleton />;

  return (
    <Page title={t('orders.form.title')} width="form" meta={<Text c="dimmed" size="sm">{t('orders.form.intro')}</Text>}>
      <QuoteRequestForm profile={profile} lang={lang} />
    </Page>
  );
}
