import { z } from 'zod';
import { LEGAL_DOCUMENT_TYPES } from '@onsite/domain';

/** `POST /api/getLegalDocument`: the documents in the language asked for (else English), newest type first. */
export const LegalDocumentsSchema = z
  .array(z.object({ documentType: z.enum(LEGAL_DOCUMENT_TYPES), title: z.string(), legalfile: z.object({ url: z.string() }) }))
  .meta({ id: 'LegalDocuments' });
export type LegalDocument = z.infer<typeof LegalDocumentsSchema>[number];

export const LegalDocumentRequestSchema = z.object({ language: z.string().max(5).optional() }).meta({ id: 'LegalDocumentRequest' });
