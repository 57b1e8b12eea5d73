import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { notify } from '../../../lib/notify';
import { useRetirePartnerOffer, type PartnerOfferView } from '../api/partner-offers';
import { STALE } from './PartnerOfferDialog';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';

/** Retiring takes an offer off the customers' page before its last day; it stays listed for staff as retired. */
export function RetirePartnerOfferDialog({ offer, onClose, onReload }: { offer: PartnerOfferView; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const retire = useRetirePartnerOffer();
  const [reason, setReason] = useState('');
  return (
    <FixedDialog opened onClose={onClose} title={t('partners.retireDialog.title')}>
      <Stack gap="md">
        <CommandFailureAlert error={retire.error} onReload={onReload} stale={STALE} />
        <Text size="sm">{t('partners.retireDialog.text', { title: offer.title, partner: offer.partnerName })}</Text>
        <Textarea
          label={t('partners.retireDialog.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        <DialogActions onCancel={onClose} busy={retire.isPending}>
          <Button
            color="red"
            loading={retire.isPending}
            data-testid="confirm-retire"
            onClick={() =>
              retire.mutate(
                { offerId: offer.offerId, version: offer.version, ...(reason.trim() ? { reason: reason.trim() } : {}) },
                {
                  onSuccess: () => {
                    notify('success', t('partners.retireDialog.done'));
                    onClose();
                  },
                },
              )
            }
          >
            {t('partners.retire')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
