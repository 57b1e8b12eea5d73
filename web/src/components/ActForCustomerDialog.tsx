import { Alert, Badge, Button, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { UserListPageSchema, type UserProfile } from '@onsite/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../lib/api/api-client';
import { onBehalfStore } from '../lib/session/on-behalf';
import { SearchInput } from './widgets/SearchInput';
import { FixedDialog } from './FixedDialog';

const MIN_SEARCH = 2;

/** Active customer users (OEM and EC) the staff member may see, matching a name, e-mail or company. */
function useCustomerUsers(search: string) {
  const enabled = search.trim().length >= MIN_SEARCH;
  return useQuery({
    queryKey: ['users', 'act-for', search.trim()],
    queryFn: ({ signal }) =>
      apiRequest('/user/list', {
        body: { page: 1, pageSize: 10, search: search.trim(), filter: { types: ['OEM', 'EC'], status: 'ACTIVE' } },
        schema: UserListPageSchema,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export interface ActForCustomerDialogProps {
  /** The dialog's title and confirm label say what happens next ('new order' or 'quote request'). */
  readonly purpose: 'order' | 'quote';
  /** Opened because staff tried an ordering form for themselves: the dialog says why they are here. */
  readonly sentHere?: boolean;
  readonly onClose: () => void;
  /** Called after acting on behalf started, with the chosen user (the caller navigates on). */
  readonly onStarted: (user: UserProfile) => void;
}

/**
 * Staff choose the customer user they order for (D18; from the order history: a new order or a
 * quote on behalf of a customer). Confirming starts acting on behalf: from then on every call carries
 * the user's id, the banner shows, and the events record both people.
 */
export function ActForCustomerDialog({ purpose, sentHere = false, onClose, onStarted }: ActForCustomerDialogProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const users = useCustomerUsers(search);
  const items = users.data?.items ?? [];
  const selected = items.find((u) => u._id === chosen) ?? null;
  const tooShort = search.trim().length < MIN_SEARCH;

  const start = () => {
    if (!selected) return;
    onBehalfStore.start({ userId: selected._id, name: `${selected.firstName} ${selected.lastName}`.trim(), companyName: selected.company.name });
    onStarted(selected);
  };

  return (
    <FixedDialog opened onClose={onClose} title={t(`onBehalf.title.${purpose}`)} size="lg">
      <Stack gap="sm">
        {sentHere ? (
          <Alert color="blue" variant="light" data-testid="act-for-why">
            {t(`onBehalf.sentHere.${purpose}`)}
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('onBehalf.intro')}
        </Text>
        <SearchInput label={t('onBehalf.search')} value={search} onChange={setSearch} debounced />
        {tooShort ? (
          <Text size="sm" c="dimmed">
            {t('onBehalf.searchHint', { count: MIN_SEARCH })}
          </Text>
        ) : users.isError ? (
          <Alert color="red" title={t('onBehalf.loadFailed')}>
            <Button variant="light" size="xs" onClick={() => void users.refetch()}>
              {t('actions.retry')}
            </Button>
          </Alert>
        ) : users.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label={t('onBehalf.loading')} />
          </Group>
        ) : items.length === 0 ? (
          <Text size="sm" data-testid="act-for-empty">
            {t('onBehalf.none')}
          </Text>
        ) : (
          <Radio.Group value={chosen} onChange={setChosen} label={t('onBehalf.results', { count: users.data?.total ?? 0 })}>
            <Stack gap={6} mt="xs">
              {items.map((user) => (
                <Radio.Card key={user._id} value={user._id} p="sm" radius="sm" data-testid="act-for-user">
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Group gap={6}>
                        <Text fw={600}>
                          {user.firstName} {user.lastName}
                        </Text>
                        <Badge size="xs" variant="light">
                          {user.type}
                        </Badge>
                        <Badge size="xs" variant="outline" color="gray">
                          {user.country.toUpperCase()}
                        </Badge>
                      </Group>
                      <Text size="sm">{user.company.name}</Text>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {user.email} · {t(`users.roles.${user.role}`, { defaultValue: user.role })}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={start} disabled={!selected} data-testid="act-for-start">
            {t(`onBehalf.start.${purpose}`)}
          </Button>
        </Group>
      </Stack>
    </FixedDialog>
  );
}
