import { useTranslation } from 'react-i18next';
import { LegalTextPage } from '../components/LegalTextPage';

/** The disclaimer: liability for content and links, copyright, availability of the portal. */
export function Component() {
  const { t } = useTranslation();
  return (
    <LegalTextPage
      title={t('page.titles.disclaimer')}
      intro={t('legal.disclaimer.intro')}
      sections={[
        { heading: t('legal.disclaimer.contentHeading'), body: t('legal.disclaimer.content') },
        { heading: t('legal.disclaimer.servicesHeading'), body: t('legal.disclaimer.services') },
        { heading: t('legal.disclaimer.linksHeading'), body: t('legal.disclaimer.links') },
        { heading: t('legal.disclaimer.copyrightHeading'), body: t('legal.disclaimer.copyright') },
        { heading: t('legal.disclaimer.availabilityHeading'), body: t('legal.disclaimer.availability') },
      ]}
    />
  );
}
