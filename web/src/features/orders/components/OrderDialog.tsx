import { type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { FixedDialog } from '../../../components/FixedDialog';

/**
 * A dialog about an order (D41): it closes only by its own buttons — not by Escape, a click outside or a
 * corner cross —, so a decision half made is never dropped by a stray key.
 */
export function OrderDialog({ title, size, onClose, children }: { title: ReactNode; size?: ModalProps['size']; onClose: () => void; children: ReactNode }) {
  return (
    <FixedDialog opened onClose={onClose} title={title} size={size}>
      {children}
    </FixedDialog>
  );
}
