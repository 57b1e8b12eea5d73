import {
  canManageSupportContent,
  forbidden,
  LEGAL_LANGUAGES,
  legalDocumentDecider,
  legalDocumentStreamId,
  PublishLegalVersionSchema,
  type LegalFiles,
} from '@onsite/domain';
import { ManagedLegalDocumentSchema } from '@onsite/contracts';
import { readLegalDocuments } from '@onsite/projections';
import { useCasesOf } from '../common/command-routes.js';
import { legalDocumentViews } from './legal-documents.controller.js';

const legal = useCasesOf(legalDocumentDecider);

/** The legal documents' command (D206): a new version of one kind, on that kind's stream. */
export const LEGAL_DOCUMENT_USE_CASES = {
  publishLegalVersion: legal({
    route: 'legal-documents/publish',
    summary: 'Staff administrators: publish a new version of a legal document from PDF uploads (English required, German and Portuguese optional).',
    description:
      'A new version of the terms of use or the privacy policy asks every user to accept it at their next request. An upload that is not a PDF: ' +
      '400 pdf_required; another version published since `basedOn`: 409 legal_version_changed.',
    schema: PublishLegalVersionSchema,
    response: ManagedLegalDocumentSchema,
    // Who may publish is decided before the uploads are looked at: a customer learns nothing about them.
    allow: (_request, { actor }) => {
      if (!canManageSupportContent(actor)) throw forbidden('Only staff administrators publish legal documents.');
    },
    target: (request) => ({ streamId: legalDocumentStreamId(request.kind) }),
    async command(request, { store }) {
      const languages = LEGAL_LANGUAGES.filter((l) => request.files[l] !== undefined);
      const resolved = await store(languages.map((l) => ({ upload: request.files[l]!, path: `files.${l}` })));
      const files = Object.fromEntries(languages.map((l, i) => [l, resolved[i]!])) as unknown as LegalFiles;
      return { type: 'PublishLegalVersion', kind: request.kind, basedOn: request.basedOn, files };
    },
    async answer(request, { runtime }) {
      const documents = (await readLegalDocuments(runtime.documentStore)).filter((d) => d.kind === request.kind);
      const [view] = await legalDocumentViews(runtime.documentStore, documents);
      return view!;
    },
  }),
};
