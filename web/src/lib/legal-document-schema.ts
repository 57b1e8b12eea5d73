import { z } from 'zod';

/** A legal document as `POST /api/getLegalDocument` lists it (loaded with the agreement dialogs, not the first page). */
const legalDocumentSchema = z.object({
  documentType: z.string(),
  title: z.string(),
  language: z.string().nullish(),
  legalfile: z.object({ url: z.string() }),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
export const legalDocumentsSchema = z.array(legalDocumentSchema);
