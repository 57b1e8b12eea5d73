import { ActionIcon, Alert, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconCheck, IconCopy } from './icons';

/**
 * A secret the server shows this once (a new API token, a webhook's signing secret), with a copy button; the dialog
 * it sits in closes by its own button only. `texts` is the key group of its words: `onceTitle`, `once`, `copy`,
 * `copied`, `done`.
 */
export function SecretShownOnce({
  secret,
  texts,
  testId,
  copyTestId,
  onClose,
}: {
  secret: string;
  texts: 'apiTokens.secret' | 'webhooks.secret';
  /** The secret's test id; the done button's is the same with `-done`. */
  testId: string;
  copyTestId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
        <Text size="sm" fw={700}>
          {t(`${texts}.onceTitle`)}
        </Text>
        <Text size="sm">{t(`${texts}.once`)}</Text>
      </Alert>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={testId}>
          {secret}
        </Code>
        <CopyButton value={secret} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={t(copied ? `${texts}.copied` : `${texts}.copy`)} withArrow>
              <ActionIcon variant="light" size="lg" onClick={copy} aria-label={t(`${texts}.copy`)} data-testid={copyTestId}>
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onClose} data-testid={`${testId}-done`}>
          {t(`${texts}.done`)}
        </Button>
      </Group>
    </Stack>
  );
}
