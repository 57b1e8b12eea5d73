import { Button, Group, Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog that asks for a decision or input (D61): it closes only by its own buttons — not by Escape, a
 * click outside or a corner cross —, so a form half filled is never dropped by a stray key. Read-only viewers
 * (the contact card, a dashboard drill-down) use Mantine's Modal as it is.
 */
export function FixedDialog(props: Omit<ModalProps, 'closeOnEscape' | 'closeOnClickOutside' | 'withCloseButton' | 'closeButtonProps'>) {
  return <Modal {...props} closeOnEscape={false} closeOnClickOutside={false} withCloseButton={false} />;
}

/** A dialog's buttons, right-aligned: Cancel first (disabled while the dialog's request runs), then the dialog's own. */
export function DialogActions({ onCancel, busy = false, children }: { onCancel: () => void; busy?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {t('actions.cancel')}
      </Button>
      {children}
    </Group>
  );
}
