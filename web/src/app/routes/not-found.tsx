import { Container } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { NotFoundState } from '../../components/StatusState';
import { useLanguage } from '../../lib/i18n/use-language';
import { paths } from '../../lib/paths';

export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();

  useEffect(() => {
    document.title = `${t('page.notFound.title')} · ${t('app.name')}`;
  }, [t]);

  return (
    <Container size="sm" py="xl">
      <NotFoundState title={t('page.notFound.title')} description={t('page.notFound.text')} action={{ label: t('actions.goHome'), to: paths.home(lang) }} />
    </Container>
  );
}
