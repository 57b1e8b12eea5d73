import { ActionIcon, Alert, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconCheck, IconCopy } from '../../../components/icons';

/** A signing secret, shown this once, with a copy button; the dialog closes by its own button only. */
export function SecretShown({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
        <Text size="sm" fw={700}>
          {t('webhooks.secret.onceTitle')}
        </Text>
        <Text size="sm">{t('webhooks.secret.once')}</Text>
      </Alert>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="webhook-secret">
          {secret}
        </Code>
        <CopyButton value={secret} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={t(copied ? 'webhooks.secret.copied' : 'webhooks.secret.copy')} withArrow>
              <ActionIcon variant="light" size="lg" onClick={copy} aria-label={t('webhooks.secret.copy')}>
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid="webhook-secret-done">
          {t('webhooks.secret.done')}
        </Button>
      </Group>
    </Stack>
  );
}
