import { Alert, Anchor, Button, Container, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PRODUCTION_URL } from '../../lib/host';
import { onBehalfStore, useOnBehalfTarget } from '../../lib/session/on-behalf';
import { IconAlertCircle, IconInfoCircle } from '../icon-base';

const UAT_DISMISSED = 'onsite.uat-warning.dismissed';

interface Person {
  firstName: string;
  lastName: string;
}

/**
 * Staff acting on behalf of a customer: who acts, for whom, for which company. When staff chose the customer in
 * the console (not a forced login), they can stop here and return to their own view.
 */
export function OnBehalfBanner({
  staff,
  customer,
  companyName,
  onStopped,
}: {
  staff: Person;
  customer: Person;
  companyName?: string | null;
  onStopped?: () => void;
}) {
  const { t } = useTranslation();
  const target = useOnBehalfTarget();
  return (
    <Container size={1440} px={{ base: 'md', sm: 'lg' }} pt="sm">
      <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} data-testid="on-behalf-banner">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm">
            {t('shell.onBehalf', {
              staff: `${staff.firstName} ${staff.lastName}`,
              customer: `${customer.firstName} ${customer.lastName}`,
              company: companyName ?? '–',
            })}
          </Text>
          {target ? (
            <Button
              size="xs"
              variant="white"
              // Orange text on white stays below 4.5:1; the banner's colour is enough to say what it is about.
              color="dark"
              onClick={() => {
                onBehalfStore.stop();
                onStopped?.();
              }}
            >
              {t('shell.stopOnBehalf')}
            </Button>
          ) : null}
        </Group>
      </Alert>
    </Container>
  );
}

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(UAT_DISMISSED) === '1';
  } catch {
    return false;
  }
}

/** On the test host: this is not the production site (closeable; the choice is kept in the browser). */
export function UatWarning() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed) return null;
  return (
    <Container size={1440} px={{ base: 'md', sm: 'lg' }} pt="sm">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        withCloseButton
        closeButtonLabel={t('actions.close')}
        onClose={() => {
          try {
            window.localStorage.setItem(UAT_DISMISSED, '1');
          } catch {
            // Without storage the warning returns on the next visit.
          }
          setDismissed(true);
        }}
        data-testid="uat-warning"
        title={t('shell.uat.title')}
      >
        <Trans
          i18nKey="shell.uat.text"
          components={{ link: <Anchor href={PRODUCTION_URL} c="red.9" fw={600} td="underline" /> }}
          values={{ url: PRODUCTION_URL }}
        />
      </Alert>
    </Container>
  );
}
