import { ActionIcon, Button, Group, List, Select, Stack, Text, Tooltip } from '@mantine/core';
import { canSeeSupervisors, mayIssue, type Actor } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTrash } from '../../../../components/icons';
import { Section } from '../../../../components/Section';
import { notify } from '../../../../lib/notify';
import type { Order } from '../../api/get-order';
import { useAddSupervisor, useRemoveSupervisor, useSupervisorCandidates } from '../../api/order-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';

/**
 * The customer's supervisors of the job: seen by staff and OEM customers; staff name them among the customer's
 * SUPERVISOR users, and take them off again.
 */
export function SupervisorsBlock({ order, actor, onReload }: { order: Order; actor: Actor | null; onReload: () => void }) {
  const { t } = useTranslation();
  const editable = actor !== null && mayIssue('AddSupervisor', actor, order.status);
  const candidates = useSupervisorCandidates(editable ? order.customer?.companyId : null);
  const add = useAddSupervisor();
  const remove = useRemoveSupervisor();
  const [choice, setChoice] = useState<string | null>(null);
  if (!actor || !canSeeSupervisors(actor)) return null;
  const options = (candidates.data ?? [])
    .filter((u) => !order.supervisorUserIds.includes(u._id))
    .map((u) => ({ value: u._id, label: `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email }));
  const error = add.error ?? remove.error;
  return (
    <Section title={t('orders.supervisors.title')} id="supervisors">
      <Stack gap="sm">
        <CommandErrorAlert
          error={error}
          onReload={() => {
            add.reset();
            remove.reset();
            onReload();
          }}
        />
        {order.supervisors.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('orders.supervisors.none')}
          </Text>
        ) : (
          <List size="sm" data-testid="supervisors" listStyleType="none" spacing={4}>
            {order.supervisors.map((s) => (
              <List.Item key={s.userId}>
                <Group gap="xs">
                  <span>{s.name || s.userId}</span>
                  {editable ? (
                    <Tooltip label={t('orders.supervisors.remove', { name: s.name })}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={t('orders.supervisors.remove', { name: s.name })}
                        loading={remove.isPending && remove.variables?.userId === s.userId}
                        onClick={() => remove.mutate({ order, userId: s.userId }, { onSuccess: () => notify('success', t('orders.supervisors.removed')) })}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        {editable ? (
          <Group gap="sm" align="flex-end">
            <Select
              label={t('orders.supervisors.add')}
              placeholder={
                candidates.isError
                  ? t('orders.supervisors.loadFailed')
                  : candidates.isPending
                    ? t('orders.supervisors.loading')
                    : options.length
                      ? t('orders.supervisors.choose')
                      : t('orders.supervisors.noCandidates')
              }
              data={options}
              value={choice}
              onChange={setChoice}
              disabled={options.length === 0}
              searchable
              w={280}
            />
            <Button
              variant="default"
              disabled={!choice}
              loading={add.isPending}
              data-testid="add-supervisor"
              onClick={() =>
                choice &&
                add.mutate(
                  { order, userId: choice },
                  {
                    onSuccess: () => {
                      setChoice(null);
                      notify('success', t('orders.supervisors.added'));
                    },
                  },
                )
              }
            >
              {t('orders.supervisors.addButton')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Section>
  );
}
