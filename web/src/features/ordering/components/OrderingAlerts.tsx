import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '../../../components/icons';

/** Above the form: the form this browser kept (to discard), a conflicting change (to reload) and the server's problems. */
export function OrderingAlerts({
  restored,
  onDiscard,
  conflict,
  problems,
}: {
  restored: boolean;
  onDiscard: () => void;
  conflict: boolean;
  problems: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <>
      {restored ? (
        <Alert color="blue" variant="light" data-testid="draft-restored">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('ordering.draft.restored')}</Text>
            <Button size="xs" variant="subtle" onClick={onDiscard}>
              {t('ordering.draft.discard')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {conflict ? (
        <Alert color="orange" variant="light" data-testid="conflict-alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('ordering.conflict')}</Text>
            <Button size="xs" onClick={() => window.location.reload()}>
              {t('actions.reload')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {problems.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('orders.form.serverProblems')} role="alert" data-testid="server-problems">
          <Stack gap={4}>
            {problems.map((p) => (
              <Text size="sm" key={p}>
                {p}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
    </>
  );
}
