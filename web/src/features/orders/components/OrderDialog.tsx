import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dialog about an order (spec 2.3): it closes only by its own buttons — not by Escape, a click outside or a
 * corner cross —, so a decision half made is never dropped by a stray key.
 */
export function OrderDialog({ title, size, onClose, children }: { title: ReactNode; size?: ModalProps['size']; onClose: () => void; children: ReactNode }) {
  return (
    <Modal opened onClose={onClose} title={title} size={size} closeOnClickOutside={false} closeOnEscape={false} withCloseButton={false}>
      {children}
    </Modal>
  );
}
