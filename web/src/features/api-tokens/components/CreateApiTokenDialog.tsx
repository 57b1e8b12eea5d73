import { Button, Radio, Select, Stack, TextInput } from '@mantine/core';
import { API_TOKEN_SCOPES, CreateApiTokenSchema } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { SecretShownOnce } from '../../../components/SecretShownOnce';
import { ApiError } from '../../../lib/api/api-client';
import { useCreateApiToken, type ApiTokenList, type ApiTokenScope, type CreatedApiToken } from '../api/api-tokens';

const EXPIRY_DAYS = ['30', '90', '180', '365'] as const;

/**
 * A new API token (D211): its name, scope, expiry and the user whose rights it never exceeds. Once made, the dialog
 * shows the secret once; the list never holds it.
 */
export function CreateApiTokenDialog({ list, ownUserId, onClose }: { list: ApiTokenList; ownUserId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('orders:read');
  const [days, setDays] = useState<string>('90');
  const [userId, setUserId] = useState<string | null>(list.users.some((u) => u.userId === ownUserId) ? ownUserId : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  const submit = () => {
    create.reset();
    const expiresAt = new Date(Date.now() + Number(days) * 86_400_000).toISOString();
    const parsed = CreateApiTokenSchema.safeParse({ name, scope, expiresAt, ...(userId ? { userId } : {}) });
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= t('validation.required');
    if (!userId) found.userId = t('validation.required');
    setErrors(found);
    if (!parsed.success || !userId) return;
    create.mutate(parsed.data, {
      onSuccess: setCreated,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'user_not_found') setErrors({ userId: t('apiTokens.errors.userGone') });
        if (error instanceof ApiError && error.code === 'validation_error') {
          const byField: Record<string, string> = {};
          for (const detail of error.details)
            byField[detail.path.split('.')[0] ?? ''] ??= t(detail.path === 'expiresAt' ? 'apiTokens.errors.expiry' : 'validation.required');
          setErrors(byField);
        }
      },
    });
  };
  const alertError = create.error instanceof ApiError && ['user_not_found', 'validation_error'].includes(create.error.code) ? null : create.error;

  return (
    <FixedDialog opened onClose={onClose} title={t(created ? 'apiTokens.secret.title' : 'apiTokens.dialog.title')} size="lg">
      {created ? (
        <SecretShownOnce secret={created.secret} texts="apiTokens.secret" testId="api-token-secret" copyTestId="copy-api-token" onClose={onClose} />
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
              label={t('apiTokens.fields.name')}
              description={t('apiTokens.dialog.nameHint')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              required
              maxLength={80}
              error={errors.name}
              data-autofocus
              data-testid="api-token-name"
            />
            <Radio.Group label={t('apiTokens.fields.scope')} value={scope} onChange={(value) => setScope(value as ApiTokenScope)} required>
              <Stack gap={6} mt={4}>
                {API_TOKEN_SCOPES.map((value) => (
                  <Radio key={value} value={value} label={t(`apiTokens.scopes.${value === 'orders:read' ? 'read' : 'write'}`)} data-testid={`scope-${value}`} />
                ))}
              </Stack>
            </Radio.Group>
            <Select
              label={t('apiTokens.fields.expiresIn')}
              data={EXPIRY_DAYS.map((value) => ({ value, label: t('apiTokens.dialog.days', { count: Number(value) }) }))}
              value={days}
              onChange={(value) => setDays(value ?? '90')}
              allowDeselect={false}
              required
              error={errors.expiresAt}
            />
            <Select
              label={t('apiTokens.fields.actsAs')}
              description={t('apiTokens.dialog.actsAsHint')}
              data={list.users.map((u) => ({ value: u.userId, label: `${u.name} (${t(`users.roles.${u.role}`, { defaultValue: u.role })})` }))}
              value={userId}
              onChange={setUserId}
              searchable
              required
              error={errors.userId}
              nothingFoundMessage={t('apiTokens.dialog.noUsers')}
              data-testid="api-token-user"
            />
            <DialogActions onCancel={onClose} busy={create.isPending}>
              <Button type="submit" loading={create.isPending} data-testid="create-api-token">
                {t('apiTokens.dialog.create')}
              </Button>
            </DialogActions>
          </Stack>
        </form>
      )}
    </FixedDialog>
  );
}
