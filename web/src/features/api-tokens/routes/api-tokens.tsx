import { Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '../../../components/icons';
import { CustomerCompanyPicker } from '../../../components/CustomerCompanyPicker';
import { Page } from '../../../components/Page';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { isStaffAsSelf, mayChange } from '../../../lib/session/access';
import { useProfile } from '../../../lib/session/session';
import { useApiTokens, type ApiTokenView } from '../api/api-tokens';
import { ApiTokenList } from '../components/ApiTokenList';
import { CreateApiTokenDialog } from '../components/CreateApiTokenDialog';
import { RevokeApiTokenDialog } from '../components/RevokeApiTokenDialog';

/**
 * api-tokens (D211): the API tokens a customer's own systems use. Customer administrators manage their company's;
 * staff administrators choose any customer company (or manage the one of the customer they act for).
 */
export function Component() {
  const { t } = useTranslation();
  const profile = useProfile();
  const staffAsSelf = isStaffAsSelf(profile);
  const manage = mayChange(profile);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const tokens = useApiTokens(staffAsSelf ? companyId : null, !staffAsSelf || companyId !== null);
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'revoke'; token: ApiTokenView } | null>(null);
  const close = () => setDialog(null);
  const canCreate = manage && tokens.isSuccess;

  return (
    <Page
      title={t('apiTokens.title')}
      meta={
        <Text size="sm" c="dimmed">
          {t('apiTokens.intro')}{' '}
          <Anchor href="/api/docs" target="_blank" rel="noopener" underline="always">
            {t('apiTokens.docsLink')}
          </Anchor>
        </Text>
      }
      actions={
        canCreate ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })} data-testid="new-api-token">
            {t('apiTokens.new')}
          </Button>
        ) : undefined
      }
    >
      <Stack gap="md">
        {staffAsSelf ? <CustomerCompanyPicker testId="api-token-company" value={companyId} onChange={setCompanyId} /> : null}
        {staffAsSelf && !companyId ? (
          <Text size="sm" c="dimmed">
            {t('apiTokens.chooseCompany')}
          </Text>
        ) : tokens.isPending ? (
          <Stack gap="xs" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        ) : tokens.isError ? (
          <ErrorState
            title={t('apiTokens.loadError')}
            description={t('apiTokens.loadErrorText')}
            action={{ label: t('actions.retry'), onClick: () => void tokens.refetch() }}
          />
        ) : tokens.data.tokens.length === 0 ? (
          <EmptyListState
            title={t('apiTokens.empty')}
            description={t('apiTokens.emptyText')}
            {...(canCreate ? { action: { label: t('apiTokens.new'), onClick: () => setDialog({ kind: 'create' }) } } : {})}
          />
        ) : (
          <ApiTokenList tokens={tokens.data.tokens} manage={manage} onRevoke={(token) => setDialog({ kind: 'revoke', token })} />
        )}
      </Stack>
      {dialog?.kind === 'create' && tokens.data ? (
        <CreateApiTokenDialog list={tokens.data} ownUserId={staffAsSelf ? null : (profile?._id ?? null)} onClose={close} />
      ) : null}
      {dialog?.kind === 'revoke' ? <RevokeApiTokenDialog token={dialog.token} onClose={close} /> : null}
    </Page>
  );
}
