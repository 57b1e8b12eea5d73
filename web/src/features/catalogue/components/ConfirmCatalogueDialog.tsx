import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { notify } from '../../../lib/notify';
import { useCatalogueCommand } from '../api/catalogue';

export type Confirmation = { kind: 'services/publish' | 'services/retire' | 'segments/retire'; id: string; name: string };

type Keys = { title: string; text: string; action: string; done: string };
const KEYS = {
  'services/publish': {
    title: 'catalogueAdmin.confirm.publish.title',
    text: 'catalogueAdmin.confirm.publish.text',
    action: 'catalogueAdmin.confirm.publish.action',
    done: 'catalogueAdmin.confirm.publish.done',
  },
  'services/retire': {
    title: 'catalogueAdmin.confirm.retireService.title',
    text: 'catalogueAdmin.confirm.retireService.text',
    action: 'catalogueAdmin.confirm.retireService.action',
    done: 'catalogueAdmin.confirm.retireService.done',
  },
  'segments/retire': {
    title: 'catalogueAdmin.confirm.retireSegment.title',
    text: 'catalogueAdmin.confirm.retireSegment.text',
    action: 'catalogueAdmin.confirm.retireSegment.action',
    done: 'catalogueAdmin.confirm.retireSegment.done',
  },
} as const satisfies Record<Confirmation['kind'], Keys>;

/** Publishing offers a service to the customers of its countries; retiring ends the offer (orders keep what they hold). */
export function ConfirmCatalogueDialog({ confirmation, onClose }: { confirmation: Confirmation; onClose: () => void }) {
  const { t } = useTranslation();
  const command = useCatalogueCommand();
  const keys = KEYS[confirmation.kind];
  const danger = confirmation.kind !== 'services/publish';
  return (
    <FixedDialog opened onClose={onClose} title={t(keys.title, { name: confirmation.name })}>
      <Stack gap="md">
        <CommandFailureAlert error={command.error} onReload={onClose} />
        <Text size="sm">{t(keys.text, { name: confirmation.name })}</Text>
        <DialogActions onCancel={onClose} busy={command.isPending}>
          <Button
            color={danger ? 'red' : undefined}
            loading={command.isPending}
            data-testid="confirm-catalogue"
            onClick={() =>
              command.mutate(
                { kind: confirmation.kind, body: { id: confirmation.id } },
                {
                  onSuccess: () => {
                    notify('success', t(keys.done, { name: confirmation.name }));
                    onClose();
                  },
                },
              )
            }
          >
            {t(keys.action)}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
