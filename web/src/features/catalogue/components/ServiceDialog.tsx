import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import type { ManagedSegment, ManagedService } from '../api/catalogue';
import { ServiceEquipmentFields } from './ServiceEquipmentFields';
import { ServiceMarketFields } from './ServiceMarketFields';
import { ServiceTextFields } from './ServiceTextFields';
import { useServiceForm } from './use-service-form';

/**
 * A new service (created as a draft), or a change of one: names and descriptions per language, segments, countries,
 * a price per currency of those countries, and the usual equipment (D208). The domain's schema checks the form before
 * it is sent, so each message appears at its field.
 */
export function ServiceDialog({ service, segments, onClose }: { service: ManagedService | null; segments: readonly ManagedSegment[]; onClose: () => void }) {
  const { t } = useTranslation();
  const state = useServiceForm({ service, segments, onClose });
  const { form, errors, set } = state;
  return (
    <FixedDialog opened onClose={onClose} title={t(service ? 'catalogueAdmin.service.editTitle' : 'catalogueAdmin.service.newTitle')} size="xl">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          state.submit();
        }}
      >
        <Stack gap="md">
          <CommandFailureAlert error={state.alertError} onReload={onClose} stale={{ service_not_found: 'catalogueAdmin.goneMeanwhile' }} />
          <TextInput
            label={t('catalogueAdmin.fields.id')}
            description={service ? t('catalogueAdmin.idFixed') : t('catalogueAdmin.idHint')}
            value={form.id}
            onChange={(e) => set('id', e.currentTarget.value.toLowerCase())}
            required
            disabled={service !== null}
            error={errors.id}
            maxLength={48}
            data-autofocus
            data-testid="service-id"
          />
          <ServiceTextFields form={form} errors={errors} setText={state.setText} />
          <ServiceMarketFields {...state} />
          <ServiceEquipmentFields form={form} errors={errors} set={set} setEquipment={state.setEquipment} />
          <DialogActions onCancel={onClose} busy={state.pending}>
            <Button type="submit" loading={state.pending} data-testid="save-service">
              {t(service ? 'catalogueAdmin.save' : 'catalogueAdmin.service.create')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </FixedDialog>
  );
}
