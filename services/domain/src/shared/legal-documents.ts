import { z } from 'zod';

/** The legal documents users accept (D14, D33), each a PDF in English, German and Portuguese. */
export const LEGAL_DOCUMENT_TYPES = ['TERMS_OF_USE', 'PRIVACY_POLICY'] as const;

/** `POST /api/getLegalDocument`: the documents in the language asked for (else English), newest type first. */
export const LegalDocumentsSchema = z
  .array(z.object({ documentType: z.enum(LEGAL_DOCUMENT_TYPES), title: z.string(), legalfile: z.object({ url: z.string() }) }))
  .meta({ id: 'LegalDocuments' });
export type LegalDocument = z.infer<typeof LegalDocumentsSchema>[number];
