import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../lib/notify';
import type { Order } from '../../api/get-order';
import { usePrepareJob } from '../../api/staff-order-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';

/** Staff send the accepted order to job planning, with notes for the planners; the specification is exported to the planning tool. */
export function PrepareJobDialog({ order: current, onClose, onReload }: { order: Order; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const [order] = useState(current);
  const prepare = usePrepareJob();
  const [notes, setNotes] = useState('');
  return (
    <Modal opened onClose={onClose} title={t('staffOrder.prepare.title')} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <Stack gap="md">
        <CommandErrorAlert error={prepare.error} onReload={onReload} />
        <Text size="sm">{t('staffOrder.prepare.explain')}</Text>
        <Textarea label={t('staffOrder.prepare.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} autosize minRows={3} maxLength={2000} data-autofocus />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={prepare.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => prepare.mutate({ order, notes }, { onSuccess: () => { notify('success', t('staffOrder.prepare.done')); onClose(); } })} loading={prepare.isPending} data-testid="confirm-prepare">
            {t('staffOrder.prepare.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
