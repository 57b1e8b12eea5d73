import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LegalTextPage } from '../components/LegalTextPage';

const IMPRINT_EMAIL = 'info@onsite-services.example';
const IMPRINT_PHONE = '+49 40 1234567-0';

/** The imprint (provider identification): who runs Onsite and how to reach them. */
export function Component() {
  const { t } = useTranslation();
  return (
    <LegalTextPage
      title={t('page.titles.imprint')}
      intro={t('legal.imprint.intro')}
      sections={[
        { heading: t('legal.imprint.providerHeading'), body: t('legal.imprint.provider') },
        {
          heading: t('legal.imprint.contactHeading'),
          body: (
            <Text size="sm">
              {t('legal.imprint.phone')}:{' '}
              <Anchor href={`tel:${IMPRINT_PHONE.replace(/[^+\d]/g, '')}`} inherit underline="always">
                {IMPRINT_PHONE}
              </Anchor>
              <br />
              {t('legal.imprint.email')}:{' '}
              <Anchor href={`mailto:${IMPRINT_EMAIL}`} inherit underline="always">
                {IMPRINT_EMAIL}
              </Anchor>
            </Text>
          ),
        },
        { heading: t('legal.imprint.managementHeading'), body: t('legal.imprint.management') },
        { heading: t('legal.imprint.registerHeading'), body: t('legal.imprint.register') },
        { heading: t('legal.imprint.vatHeading'), body: t('legal.imprint.vat') },
        { heading: t('legal.imprint.responsibleHeading'), body: t('legal.imprint.responsible') },
        { heading: t('legal.imprint.disputeHeading'), body: t('legal.imprint.dispute') },
      ]}
    />
  );
}
