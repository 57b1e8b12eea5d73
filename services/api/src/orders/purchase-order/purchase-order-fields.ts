import type { OrderFile, PurchaseOrder } from '@onsite/domain';
import { z } from 'zod';
import { FileUploadSchema } from '../../files/uploads.js';

/** The PO as the console sends it: the number ('-' when there is none) and at most one PO document as an upload. */
export const PurchaseOrderFields = {
  po: z.string().max(100),
  files: z.array(FileUploadSchema).max(1, 'One PO document at most.').optional(),
};

/** The PO documents to store, with their places in the request for error details. */
export function purchaseOrderUploads(files: readonly z.infer<typeof FileUploadSchema>[] | undefined) {
  return (files ?? []).map((upload, i) => ({ upload, path: `files.${i}` }));
}

export function purchaseOrderOf(number: string, document: OrderFile | undefined): PurchaseOrder {
  return document ? { number, document } : { number };
}
