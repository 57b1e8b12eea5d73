import { z } from 'zod';
import { LEGAL_DOCUMENT_KINDS, LEGAL_LANGUAGES } from '@onsite/domain';

const person = z.object({ userId: z.string(), name: z.string().nullable() });

/** `GET /api/legal-documents/file?kind=…&version=…&language=…`: one version's file in one language. */
export const LegalFileLinkRequestSchema = z
  .object({ kind: z.enum(LEGAL_DOCUMENT_KINDS), version: z.coerce.number().int().min(1).max(999_999), language: z.enum(LEGAL_LANGUAGES) })
  .meta({ id: 'LegalFileLinkRequest' });

export type LegalFileLinkRequest = z.infer<typeof LegalFileLinkRequestSchema>;

/** One version as staff see it in the back office: who published it, when, in which languages. */
export const LegalVersionViewSchema = z
  .object({
    version: z.number().int(),
    publishedAt: z.string(),
    publishedBy: person,
    onBehalfOf: person.optional(),
    languages: z.array(z.enum(LEGAL_LANGUAGES)),
  })
  .meta({ id: 'LegalVersion' });

export type LegalVersionView = z.infer<typeof LegalVersionViewSchema>;

/** A kind with its versions, newest first (the first is the current one); none before the first publication. */
export const ManagedLegalDocumentSchema = z
  .object({ kind: z.enum(LEGAL_DOCUMENT_KINDS), agreement: z.enum(['EULA', 'PRIVACY_POLICY']), versions: z.array(LegalVersionViewSchema) })
  .meta({ id: 'ManagedLegalDocument' });

export type ManagedLegalDocument = z.infer<typeof ManagedLegalDocumentSchema>;
