import { Button, Select, Stack, TextInput } from '@mantine/core';
import { RegisterWebhookSchema } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { ApiError } from '../../../lib/api/api-client';
import { useRegisterWebhook, type WebhookEventKind, type WebhookWithSecret } from '../api/webhooks';
import { KindsInput } from './KindsInput';
import { SecretShownOnce } from '../../../components/SecretShownOnce';

const REPLAY_DAYS = ['0', '1', '7', '30'] as const;
const DEFAULT_KINDS: WebhookEventKind[] = ['offer.made', 'offer.expiring', 'order.accepted', 'job.planned', 'job.completed', 'order.cancelled'];

/** A new endpoint (D215): its https address, the kinds of events, and how far back to catch up; then its secret, once. */
export function RegisterWebhookDialog({ companyId, onClose }: { companyId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const register = useRegisterWebhook();
  const [url, setUrl] = useState('');
  const [kinds, setKinds] = useState<WebhookEventKind[]>(DEFAULT_KINDS);
  const [replay, setReplay] = useState<string>('0');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);

  const submit = () => {
    register.reset();
    const replayFrom = replay === '0' ? undefined : new Date(Date.now() - Number(replay) * 86_400_000).toISOString();
    const parsed = RegisterWebhookSchema.safeParse({ url, kinds, ...(companyId ? { companyId } : {}), ...(replayFrom ? { replayFrom } : {}) });
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= t(issue.path[0] === 'kinds' ? 'webhooks.errors.kinds' : 'validation.required');
    setErrors(found);
    if (!parsed.success) return;
    register.mutate(parsed.data, {
      onSuccess: setCreated,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'webhook_url_not_allowed') setErrors({ url: t('webhooks.errors.urlNotAllowed') });
        else if (error instanceof ApiError && error.code === 'validation_error') setErrors({ url: t('webhooks.errors.url') });
      },
    });
  };
  const alertError =
    register.error instanceof ApiError && ['webhook_url_not_allowed', 'validation_error'].includes(register.error.code) ? null : register.error;

  return (
    <FixedDialog opened onClose={onClose} title={t(created ? 'webhooks.secret.title' : 'webhooks.dialog.title')} size="lg">
      {created ? (
        <SecretShownOnce secret={created.secret} texts="webhooks.secret" testId="webhook-secret" onClose={onClose} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <CommandFailureAlert error={alertError} onReload={onClose} stale={{}} />
            <TextInput
              label={t('webhooks.fields.url')}
              description={t('webhooks.dialog.urlHint')}
              placeholder="https://erp.example.com/onsite/webhooks"
              value={url}
              onChange={(e) => {
                setUrl(e.currentTarget.value);
                setErrors(({ url: _cleared, ...rest }) => rest);
              }}
              required
              maxLength={2000}
              type="url"
              error={errors.url}
              data-autofocus
              data-testid="webhook-url"
            />
            <KindsInput
              value={kinds}
              onChange={(next) => {
                setKinds(next);
                setErrors(({ kinds: _cleared, ...rest }) => rest);
              }}
              error={errors.kinds}
            />
            <Select
              label={t('webhooks.fields.replay')}
              description={t('webhooks.dialog.replayHint')}
              data={REPLAY_DAYS.map((value) => ({
                value,
                label: t(value === '0' ? 'webhooks.dialog.replayNone' : 'webhooks.dialog.replayDays', { count: Number(value) }),
              }))}
              value={replay}
              onChange={(value) => setReplay(value ?? '0')}
              allowDeselect={false}
            />
            <DialogActions onCancel={onClose} busy={register.isPending}>
              <Button type="submit" loading={register.isPending} data-testid="create-webhook">
                {t('webhooks.dialog.create')}
              </Button>
            </DialogActions>
          </Stack>
        </form>
      )}
    </FixedDialog>
  );
}
