import type { ErrorDetail } from '../../shared/errors.js';
import type { Instant, OrderFile, PurchaseOrder } from '../types.js';
import { isBlank, pathOf, problem } from './problems.js';

function isPdf(file: OrderFile): boolean {
  return file.mimeType === 'application/pdf';
}

export function offerProblems(offer: { readonly pdf: OrderFile; readonly expiresAt: Instant }, now: Instant): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  if (!isPdf(offer.pdf)) found.push(problem('pdf', 'pdf_required', 'The offer document must be a PDF.'));
  const expiresAt = Date.parse(offer.expiresAt);
  if (Number.isNaN(expiresAt)) found.push(problem('expiresAt', 'invalid_instant', 'Give the expiry as an ISO 8601 instant in UTC.'));
  else if (expiresAt <= Date.parse(now)) found.push(problem('expiresAt', 'expiry_in_past', 'The offer must expire in the future.'));
  return found;
}

/** The PO number is required; customers without one enter '-'. */
export function purchaseOrderProblems(po: PurchaseOrder, path = 'po'): ErrorDetail[] {
  return isBlank(po.number) ? [problem(pathOf(path, 'number'), 'required', "Enter the PO number, or '-' if there is none.")] : [];
}

export function normalizedPurchaseOrder(po: PurchaseOrder): PurchaseOrder {
  return { ...po, number: po.number.trim() };
}
