import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { canActAsProvider, isReadOnlyActor, mayIssue, type Actor } from '@onsite/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { DatePicker } from '../../../../components/widgets';
import { notify } from '../../../../lib/notify';
import { useProfile } from '../../../../lib/session/session';
import { useFormat } from '../../../../lib/i18n/use-format';
import type { Order } from '../../api/get-order';
import { useChangeOwner, useProviderUsers, useUpdateFinancialInfo } from '../../api/staff-order-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';
import { DialogActions, FixedDialog } from '../../../../components/FixedDialog';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </Stack>
  );
}

/** Staff only: who owns the order on the provider side, and its financial information for the forecast. */
export function InternalBlock({ order, actor, onReload }: { order: Order; actor: Actor | null; onReload: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const profile = useProfile();
  const staff = actor !== null && canActAsProvider(actor) && !actor.onBehalfOf;
  const users = useProviderUsers(staff ? profile?.company?._id : null);
  const [dialog, setDialog] = useState<'owner' | 'financial' | null>(null);
  if (!staff || !actor) return null;
  const editable = !isReadOnlyActor(actor);
  const nameOf = (id: string | null | undefined) => {
    const user = users.data?.find((u) => u._id === id);
    return user
      ? `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.email
      : id
        ? t('staffOrder.internal.unknownUser')
        : t('staffOrder.internal.noOwner');
  };
  const info = order.financialInfo;
  const reload = () => {
    setDialog(null);
    onReload();
  };
  return (
    <Section title={t('staffOrder.internal.title')} id="internal">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Fact label={t('staffOrder.internal.owner')}>
          <span data-testid="order-owner">{nameOf(order.ownerUserId)}</span>
        </Fact>
        <Fact label={t('staffOrder.internal.revenue')}>{info ? format.money(info.expectedRevenue.amount, info.expectedRevenue.currency) : null}</Fact>
        <Fact label={t('staffOrder.internal.probability')}>{info ? `${info.probability} %` : null}</Fact>
        <Fact label={t('staffOrder.internal.release')}>
          {info
            ? [
                info.estimatedReleaseDate ? format.localDate(info.estimatedReleaseDate) : null,
                info.relevantForForecast ? t('staffOrder.internal.inForecast') : t('staffOrder.internal.notInForecast'),
              ]
                .filter(Boolean)
                .join(' · ')
            : null}
        </Fact>
      </SimpleGrid>
      {editable ? (
        <Group gap="sm">
          {mayIssue('ChangeOwner', actor, order.status) ? (
            <Button variant="default" size="xs" onClick={() => setDialog('owner')} data-testid="change-owner">
              {t('staffOrder.internal.changeOwner')}
            </Button>
          ) : null}
          {mayIssue('UpdateFinancialInfo', actor, order.status) ? (
            <Button variant="default" size="xs" onClick={() => setDialog('financial')} data-testid="edit-financial">
              {t('staffOrder.internal.editFinancial')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {dialog === 'owner' ? (
        <OwnerDialog
          order={order}
          options={(users.data ?? []).map((u) => ({ value: u._id, label: nameOf(u._id) }))}
          onClose={() => setDialog(null)}
          onReload={reload}
        />
      ) : null}
      {dialog === 'financial' ? <FinancialDialog order={order} onClose={() => setDialog(null)} onReload={reload} /> : null}
    </Section>
  );
}

function OwnerDialog({
  order: current,
  options,
  onClose,
  onReload,
}: {
  order: Order;
  options: { value: string; label: string }[];
  onClose: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const [order] = useState(current);
  const change = useChangeOwner();
  const [owner, setOwner] = useState<string | null>(order.ownerUserId ?? null);
  return (
    <FixedDialog opened onClose={onClose} title={t('staffOrder.internal.changeOwner')}>
      <Stack gap="md">
        <CommandErrorAlert error={change.error} onReload={onReload} />
        <Select label={t('staffOrder.internal.owner')} data={options} value={owner} onChange={setOwner} searchable data-autofocus />
        <DialogActions onCancel={onClose}>
          <Button
            disabled={!owner}
            loading={change.isPending}
            data-testid="confirm-owner"
            onClick={() =>
              owner &&
              change.mutate(
                { order, ownerUserId: owner },
                {
                  onSuccess: () => {
                    notify('success', t('staffOrder.internal.ownerChanged'));
                    onClose();
                  },
                },
              )
            }
          >
            {t('staffOrder.internal.save')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}

function FinancialDialog({ order: current, onClose, onReload }: { order: Order; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const [order] = useState(current);
  const update = useUpdateFinancialInfo();
  const info = order.financialInfo;
  const currency = info?.expectedRevenue.currency ?? order.services[0]?.price?.currency ?? 'EUR';
  const [amount, setAmount] = useState<number | string>(info ? info.expectedRevenue.amount / 100 : '');
  const [probability, setProbability] = useState<number | string>(info?.probability ?? 50);
  const [forecast, setForecast] = useState(info?.relevantForForecast ?? true);
  const [release, setRelease] = useState<string | null>(info?.estimatedReleaseDate ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const value = Number(amount);
    const percent = Number(probability);
    if (amount === '' || !(value >= 0) || !Number.isInteger(percent) || percent < 0 || percent > 100) {
      setProblem(t('staffOrder.internal.invalid'));
      return;
    }
    setProblem(null);
    update.mutate(
      { order, info: { amount: Math.round(value * 100), currency, probability: percent, relevantForForecast: forecast, estimatedReleaseDate: release } },
      {
        onSuccess: () => {
          notify('success', t('staffOrder.internal.financialSaved'));
          onClose();
        },
      },
    );
  };
  return (
    <FixedDialog opened onClose={onClose} title={t('staffOrder.internal.editFinancial')}>
      <Stack gap="md">
        <CommandErrorAlert error={update.error} onReload={onReload} />
        <NumberInput
          label={t('staffOrder.internal.revenueIn', { currency })}
          value={amount}
          onChange={setAmount}
          min={0}
          decimalScale={2}
          thousandSeparator=" "
          data-autofocus
        />
        <NumberInput label={t('staffOrder.internal.probability')} value={probability} onChange={setProbability} min={0} max={100} suffix=" %" />
        <DatePicker label={t('staffOrder.internal.release')} value={release} onChange={setRelease} allowPast />
        <Checkbox label={t('staffOrder.internal.inForecast')} checked={forecast} onChange={(e) => setForecast(e.currentTarget.checked)} />
        {problem ? (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        ) : null}
        <DialogActions onCancel={onClose}>
          <Button loading={update.isPending} onClick={submit} data-testid="confirm-financial">
            {t('staffOrder.internal.save')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
