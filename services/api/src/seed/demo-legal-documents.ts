import {
  legalDocumentDecider,
  legalDocumentStreamId,
  LEGAL_LANGUAGES,
  type Actor,
  type LegalDocumentKind,
  type LegalFiles,
  type OrderFile,
} from '@onsite/domain';
import type { CommandRunner } from '../common/command-runner.js';
import { textPdf } from '../common/text-pdf.js';
import { LocalDiskFileStorage } from '../files/local-disk-file-storage.js';
import type { Runtime } from '../runtime.js';
import { LICENCE, PRIVACY } from './demo-legal-texts.js';

const TEXTS = { TERMS_OF_USE: LICENCE, PRIVACY_POLICY: PRIVACY } as const;
const FILE_NAMES: Readonly<Record<LegalDocumentKind, string>> = { TERMS_OF_USE: 'terms-of-use', PRIVACY_POLICY: 'privacy-policy' };

/**
 * The demo's legal documents (D206): each kind's first version, its PDFs made from the demo texts and stored as an
 * upload would be, published by the staff administrator through the same command as the back office. A kind that
 * has a version already is left alone. Answers how many versions it published.
 */
export async function seedDemoLegalDocuments(runtime: Runtime, runner: CommandRunner, admin: Actor, correlationId: string): Promise<number> {
  const storage = LocalDiskFileStorage.for(runtime.config);
  let published = 0;
  for (const kind of Object.keys(TEXTS) as LegalDocumentKind[]) {
    if ((await runtime.eventStore.readStream(legalDocumentStreamId(kind))).length > 0) continue;
    const files: Partial<Record<(typeof LEGAL_LANGUAGES)[number], OrderFile>> = {};
    for (const language of LEGAL_LANGUAGES) {
      const { title, paragraphs } = TEXTS[kind][language];
      const bytes = textPdf(title, paragraphs, `Onsite Services GmbH - ${title} - 1`);
      files[language] = { path: await storage.save(bytes, 'application/pdf'), name: `${FILE_NAMES[kind]}-${language}.pdf`, mimeType: 'application/pdf' };
    }
    await runner.run(legalDocumentDecider, {
      streamId: legalDocumentStreamId(kind),
      actor: admin,
      correlationId,
      expectedVersion: 0,
      command: { type: 'PublishLegalVersion', kind, basedOn: 0, files: files as LegalFiles },
    });
    published++;
  }
  return published;
}
