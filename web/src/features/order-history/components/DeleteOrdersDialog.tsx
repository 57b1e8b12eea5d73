import { Alert, Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '../../../components/icons';
import { FixedDialog } from '../../../components/FixedDialog';

interface DeleteOrdersDialogProps {
  opened: boolean;
  count: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (input: { reason: string; internalComment: string; forever: boolean }) => void;
}

/** Confirms a bulk delete: how many orders, why (reason and internal comment), and whether forever. */
export function DeleteOrdersDialog({ opened, count, pending, onCancel, onConfirm }: DeleteOrdersDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [internalComment, setInternalComment] = useState('');
  const [forever, setForever] = useState(false);
  const [touched, setTouched] = useState(false);
  const reasonError = touched && !reason.trim() ? t('validation.required') : undefined;
  const commentError = touched && !internalComment.trim() ? t('validation.required') : undefined;

  const reset = () => {
    setReason('');
    setInternalComment('');
    setForever(false);
    setTouched(false);
  };

  return (
    <FixedDialog opened={opened} onClose={onCancel} title={t('orderHistory.delete.title', { count })} onExitTransitionEnd={reset} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (reason.trim() && internalComment.trim()) onConfirm({ reason: reason.trim(), internalComment: internalComment.trim(), forever });
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('orderHistory.delete.text', { count })}</Text>
          <TextInput
            label={t('orderHistory.delete.reason')}
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={reasonError}
            data-autofocus
          />
          <Textarea
            label={t('orderHistory.delete.internalComment')}
            required
            autosize
            minRows={2}
            value={internalComment}
            onChange={(e) => setInternalComment(e.currentTarget.value)}
            error={commentError}
          />
          <Checkbox
            label={t('orderHistory.delete.forever')}
            description={t('orderHistory.delete.foreverHint')}
            checked={forever}
            onChange={(e) => setForever(e.currentTarget.checked)}
          />
          {forever ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs">
              {t('orderHistory.delete.foreverWarning', { count })}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {t('staffCommon.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={pending} data-testid="confirm-delete">
              {t(forever ? 'orderHistory.delete.confirmForever' : 'orderHistory.delete.confirm', { count })}
            </Button>
          </Group>
        </Stack>
      </form>
    </FixedDialog>
  );
}
