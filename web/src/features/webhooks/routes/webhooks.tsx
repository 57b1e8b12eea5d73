import { Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '../../../components/icons';
import { CustomerCompanyPicker } from '../../../components/CustomerCompanyPicker';
import { Page } from '../../../components/Page';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { isStaffAsSelf, mayChange } from '../../../lib/session/access';
import { useProfile } from '../../../lib/session/session';
import { useWebhooks, type WebhookView } from '../api/webhooks';
import { EditKindsDialog } from '../components/EditKindsDialog';
import { RegisterWebhookDialog } from '../components/RegisterWebhookDialog';
import { RemoveWebhookDialog } from '../components/RemoveWebhookDialog';
import { RotateSecretDialog } from '../components/RotateSecretDialog';
import { WebhookCard, type WebhookDialog } from '../components/WebhookCard';

/**
 * webhooks (D215): the endpoints of a customer's own systems that hear about its orders, signed. Customer
 * administrators manage their company's; staff administrators choose any customer company.
 */
export function Component() {
  const { t } = useTranslation();
  const profile = useProfile();
  const staffAsSelf = isStaffAsSelf(profile);
  const manage = mayChange(profile);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const webhooks = useWebhooks(staffAsSelf ? companyId : null, !staffAsSelf || companyId !== null);
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: WebhookDialog; webhook: WebhookView } | null>(null);
  const close = () => setDialog(null);
  const canCreate = manage && webhooks.isSuccess;

  return (
    <Page
      title={t('webhooks.title')}
      meta={
        <Text size="sm" c="dimmed">
          {t('webhooks.intro')}{' '}
          <Anchor href="/api/docs" target="_blank" rel="noopener" underline="always">
            {t('webhooks.docsLink')}
          </Anchor>
        </Text>
      }
      actions={
        canCreate ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })} data-testid="new-webhook">
            {t('webhooks.new')}
          </Button>
        ) : undefined
      }
    >
      <Stack gap="md">
        {staffAsSelf ? <CustomerCompanyPicker testId="webhook-company" value={companyId} onChange={setCompanyId} /> : null}
        {staffAsSelf && !companyId ? (
          <Text size="sm" c="dimmed">
            {t('webhooks.chooseCompany')}
          </Text>
        ) : webhooks.isPending ? (
          <Stack gap="xs" aria-busy="true">
            {[0, 1].map((i) => (
              <Skeleton key={i} height={96} />
            ))}
          </Stack>
        ) : webhooks.isError ? (
          <ErrorState
            title={t('webhooks.loadError')}
            description={t('webhooks.loadErrorText')}
            action={{ label: t('actions.retry'), onClick: () => void webhooks.refetch() }}
          />
        ) : webhooks.data.webhooks.length === 0 ? (
          <EmptyListState
            title={t('webhooks.empty')}
            description={t('webhooks.emptyText')}
            {...(canCreate ? { action: { label: t('webhooks.new'), onClick: () => setDialog({ kind: 'create' }) } } : {})}
          />
        ) : (
          webhooks.data.webhooks.map((webhook) => (
            <WebhookCard key={webhook.id} webhook={webhook} manage={manage} onDialog={(kind) => setDialog({ kind, webhook })} />
          ))
        )}
      </Stack>
      {dialog?.kind === 'create' ? <RegisterWebhookDialog companyId={staffAsSelf ? companyId : null} onClose={close} /> : null}
      {dialog?.kind === 'kinds' ? <EditKindsDialog webhook={dialog.webhook} onClose={close} /> : null}
      {dialog?.kind === 'rotate' ? <RotateSecretDialog webhook={dialog.webhook} onClose={close} /> : null}
      {dialog?.kind === 'remove' ? <RemoveWebhookDialog webhook={dialog.webhook} onClose={close} /> : null}
    </Page>
  );
}
