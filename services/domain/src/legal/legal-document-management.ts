import { z } from 'zod';
import { FileUploadSchema } from '../order/schemas.js';
import type { OrderFile } from '../order/types.js';
import type { Agreement } from '../identity/user.js';
import { canManageSupportContent } from '../support/support-contacts.js';
import type { Decider } from '../shared/decider.js';
import { conflict, forbidden, validationError } from '../shared/errors.js';
import { LEGAL_DOCUMENT_TYPES } from '../shared/legal-documents.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';

/**
 * The legal documents as the provider manages them (D206): per kind (the terms of use, which users accept as their
 * licence, and the privacy policy), numbered versions, each a PDF in English and, where uploaded, in German and
 * Portuguese. The newest version is the current one: readers get it in their language, else in English; users must
 * have accepted it (the agreement its kind stands for) to keep working.
 */
export type LegalDocumentKind = (typeof LEGAL_DOCUMENT_TYPES)[number];
export const LEGAL_DOCUMENT_KINDS = LEGAL_DOCUMENT_TYPES;
export const LEGAL_LANGUAGES = ['en', 'de', 'pt'] as const;
export type LegalLanguage = (typeof LEGAL_LANGUAGES)[number];

export const legalDocumentStreamId = (kind: LegalDocumentKind): string => `legal-${kind}`;

/** The agreement a user gives for each kind: accepting the terms of use is accepting the licence (EULA). */
export const AGREEMENT_OF_KIND: Readonly<Record<LegalDocumentKind, Agreement>> = { TERMS_OF_USE: 'EULA', PRIVACY_POLICY: 'PRIVACY_POLICY' };
export const KIND_OF_AGREEMENT: Readonly<Record<Agreement, LegalDocumentKind>> = { EULA: 'TERMS_OF_USE', PRIVACY_POLICY: 'PRIVACY_POLICY' };

/** The files of one version: English required, German and Portuguese optional. */
export type LegalFiles = { readonly en: OrderFile } & Partial<Record<'de' | 'pt', OrderFile>>;

/** `POST /api/legal-documents/publish`: the uploads of a new version, and the version the publisher saw as current. */
export const PublishLegalVersionSchema = z
  .object({
    kind: z.enum(LEGAL_DOCUMENT_KINDS),
    /** The current version number the publisher saw (0: none yet); another publication in between answers 409. */
    basedOn: z.number().int().min(0),
    files: z.object({ en: FileUploadSchema, de: FileUploadSchema.optional(), pt: FileUploadSchema.optional() }),
  })
  .meta({ id: 'PublishLegalVersion', description: 'A new version of a legal document: a PDF upload per language (English required).' });
export type PublishLegalVersion = z.infer<typeof PublishLegalVersionSchema>;

export type LegalDocumentEvent = DomainEvent<
  'LEGAL_VERSION_PUBLISHED',
  { readonly kind: LegalDocumentKind; readonly version: number; readonly files: LegalFiles }
>;

export interface LegalDocumentState {
  /** The newest version's number; 0 before the first. */
  readonly version: number;
}

export type LegalDocumentCommand = {
  readonly type: 'PublishLegalVersion';
  readonly kind: LegalDocumentKind;
  readonly basedOn: number;
  readonly files: LegalFiles;
};

/** Only PDF files make a legal document; the upload accepts images too, so the command checks. */
function assertPdfs(files: LegalFiles): void {
  const wrong = (Object.entries(files) as [LegalLanguage, OrderFile | undefined][]).filter(([, file]) => file && file.mimeType !== 'application/pdf');
  if (wrong.length === 0) return;
  const message = 'A legal document must be a PDF file.';
  throw validationError(
    message,
    wrong.map(([language]) => ({ path: `files.${language}`, code: 'pdf_required', message })),
    'pdf_required',
  );
}

/** One kind's versions: staff administrators publish (the `contentManagement` rule); each version gets the next number. */
export const legalDocumentDecider: Decider<LegalDocumentCommand, LegalDocumentState, LegalDocumentEvent> = {
  initialState: { version: 0 },
  decide(command, state, ctx) {
    if (!canManageSupportContent(ctx.actor)) throw forbidden('Only staff administrators publish legal documents.');
    switch (command.type) {
      case 'PublishLegalVersion':
        assertPdfs(command.files);
        if (command.basedOn !== state.version)
          throw conflict('legal_version_changed', `Version ${state.version} was published in the meantime: look at it before publishing another.`);
        return [{ type: 'LEGAL_VERSION_PUBLISHED', data: { kind: command.kind, version: state.version + 1, files: command.files } }];
      default:
        return assertNever(command.type, 'legal document command');
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'LEGAL_VERSION_PUBLISHED':
        return { version: Math.max(state.version, event.data.version) };
      default:
        return assertNever(event.type, 'legal document event');
    }
  },
};

/** The file a reader of `language` gets: their own, else the English one. */
export function legalFileFor(files: LegalFiles, language: string | undefined): { readonly file: OrderFile; readonly language: LegalLanguage } {
  const own = language === 'de' || language === 'pt' ? files[language] : undefined;
  return own ? { file: own, language: language as LegalLanguage } : { file: files.en, language: 'en' };
}
