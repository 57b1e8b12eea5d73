import { Modal, type ModalProps } from '@mantine/core';

/**
 * A dialog that asks for a decision or input (spec 2.3): it closes only by its own buttons — not by Escape, a
 * click outside or a corner cross —, so a form half filled is never dropped by a stray key. Read-only viewers
 * (the contact card, a dashboard drill-down) use Mantine's Modal as it is.
 */
export function FixedDialog(props: Omit<ModalProps, 'closeOnEscape' | 'closeOnClickOutside' | 'withCloseButton' | 'closeButtonProps'>) {
  return <Modal {...props} closeOnEscape={false} closeOnClickOutside={false} withCloseButton={false} />;
}
