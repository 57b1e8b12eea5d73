import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { IconInfoCircle, IconRefresh } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { SearchInput } from '../../../components/widgets';
import { ApiError } from '../../../lib/api/api-client';
import { useOutbox } from '../api/outbox';
import { OutboxMessage } from '../components/OutboxMessage';

/** Staff administrators, embedded profile: the messages the system would have sent, so demo links work. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const to = searchParams.get('to') ?? '';
  const outbox = useOutbox(to.trim());
  const off = outbox.error instanceof ApiError && outbox.error.status === 404;

  const setTo = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value.trim()) next.set('to', value.trim());
    else next.delete('to');
    setSearchParams(next, { replace: true });
  };

  return (
    <Page
      title={t('devOutbox.title')}
      width="form"
      actions={
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
          {t('devOutbox.refresh')}
        </Button>
      }
    >
      <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
        <Text fw={700} size="sm">
          {t('devOutbox.noticeTitle')}
        </Text>
        <Text size="sm">{t('devOutbox.notice')}</Text>
      </Alert>
      <SearchInput label={t('devOutbox.recipient')} labelVisible placeholder={t('devOutbox.recipientPlaceholder')} value={to} onChange={setTo} debounced />
      {outbox.isPending ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2].map((key) => (
            <Paper withBorder p="md" key={key}>
              <Skeleton height={14} width="40%" mb="sm" />
              <Skeleton height={12} mb={6} />
              <Skeleton height={12} width="70%" />
            </Paper>
          ))}
        </Stack>
      ) : off ? (
        <EmptyListState title={t('devOutbox.off.title')} description={t('devOutbox.off.description')} />
      ) : outbox.isError ? (
        <ErrorState
          title={t('devOutbox.error.title')}
          description={t('devOutbox.error.description')}
          action={{ label: t('actions.retry'), onClick: () => void outbox.refetch() }}
        />
      ) : outbox.data.length === 0 ? (
        <EmptyListState
          title={to ? t('devOutbox.empty.forRecipientTitle', { to }) : t('devOutbox.empty.title')}
          description={t('devOutbox.empty.description')}
        />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('devOutbox.count', { count: outbox.data.length })}
          </Text>
          {outbox.data.map((message) => (
            <OutboxMessage key={message._id} message={message} />
          ))}
        </Stack>
      )}
    </Page>
  );
}
