import {
  AGREEMENT_OF_KIND,
  LEGAL_DOCUMENT_KINDS,
  type Agreement,
  type LegalDocumentEvent,
  type LegalDocumentKind,
  type LegalFiles,
  type RecordedEvent,
} from '@onsite/domain';
import type { DocumentSession } from '@onsite/infrastructure';
import type { Projection } from '../runner/index.js';

export const LEGAL_DOCUMENTS = 'legal_documents';

/** One published version with who published it and when. */
export interface LegalVersionRecord {
  readonly version: number;
  readonly files: LegalFiles;
  readonly publishedAt: string;
  readonly actorUserId: string;
  readonly onBehalfOfUserId?: string;
}

/** One kind of legal document and its versions, oldest first (the last is the current one). */
export interface LegalDocumentRecord {
  readonly kind: LegalDocumentKind;
  readonly versions: readonly LegalVersionRecord[];
}

/** The legal documents (D206), one document per kind with every version: the public pages serve the newest. */
export const legalDocumentsProjection: Projection = {
  name: 'legal-documents',
  collections: [{ name: LEGAL_DOCUMENTS }],
  handles: ['LEGAL_VERSION_PUBLISHED'] satisfies readonly LegalDocumentEvent['type'][],
  async apply(recorded: RecordedEvent, session: DocumentSession): Promise<void> {
    const collection = session.collection<LegalDocumentRecord>(LEGAL_DOCUMENTS);
    const event = { type: recorded.type, data: recorded.data } as LegalDocumentEvent;
    const { kind } = event.data;
    const found = await collection.get(kind);
    // The kind's stream version guards its document: a repeated or older event changes nothing.
    if (found && found.revision >= recorded.streamVersion) return;
    const { actorUserId, onBehalfOfUserId, occurredAt } = recorded.metadata;
    const version: LegalVersionRecord = {
      version: event.data.version,
      files: event.data.files,
      publishedAt: occurredAt,
      actorUserId,
      ...(onBehalfOfUserId ? { onBehalfOfUserId } : {}),
    };
    await collection.upsert(kind, { kind, versions: [...(found?.data.versions ?? []), version] }, recorded.streamVersion);
  },
};

/** Every kind with its versions, oldest first; a kind nobody published yet has none. */
export async function readLegalDocuments(store: DocumentSession): Promise<LegalDocumentRecord[]> {
  const collection = store.collection<LegalDocumentRecord>(LEGAL_DOCUMENTS);
  const found = await Promise.all(LEGAL_DOCUMENT_KINDS.map((kind) => collection.get(kind)));
  return LEGAL_DOCUMENT_KINDS.map((kind, i) => found[i]?.data ?? { kind, versions: [] });
}

/** The current (newest) version of a kind; null before its first publication. */
export async function currentLegalVersion(store: DocumentSession, kind: LegalDocumentKind): Promise<LegalVersionRecord | null> {
  return (await store.collection<LegalDocumentRecord>(LEGAL_DOCUMENTS).get(kind))?.data.versions.at(-1) ?? null;
}

/** The current version number each agreement's document has (0: none published, nothing to accept). */
export async function currentLegalVersions(store: DocumentSession): Promise<Record<Agreement, number>> {
  const documents = await readLegalDocuments(store);
  const versions: Record<Agreement, number> = { EULA: 0, PRIVACY_POLICY: 0 };
  for (const document of documents) versions[AGREEMENT_OF_KIND[document.kind]] = document.versions.at(-1)?.version ?? 0;
  return versions;
}
