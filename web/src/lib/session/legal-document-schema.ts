import { type LegalDocument as SharedLegalDocument, LegalDocumentsSchema } from '@onsite/contracts';

/** The legal documents as `POST /api/getLegalDocument` lists them (the shared contract; loaded with the agreement dialogs, not the first page). */
export type LegalDocument = SharedLegalDocument;
export const legalDocumentsSchema = LegalDocumentsSchema;
