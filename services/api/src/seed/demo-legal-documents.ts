import {
  legalDocumentDecider,
  legalDocumentStreamId,
  LEGAL_LANGUAGES,
  type Actor,
  type LegalDocumentKind,
  type LegalFiles,
  type LegalLanguage,
  type OrderFile,
} from '@onsite/domain';
import type { CommandRunner } from '../common/command-runner.js';
import { stableUuid } from '../common/stable-id.js';
import { textPdf } from '../common/text-pdf.js';
import { LocalDiskFileStorage } from '../files/local-disk-file-storage.js';
import type { Runtime } from '../runtime.js';
import { LICENCE, PRIVACY } from './demo-legal-texts.js';

const TEXTS = { TERMS_OF_USE: LICENCE, PRIVACY_POLICY: PRIVACY } as const;
const FILE_NAMES: Readonly<Record<LegalDocumentKind, string>> = { TERMS_OF_USE: 'terms-of-use', PRIVACY_POLICY: 'privacy-policy' };

/** The first version's PDF of a kind in a language, made from the demo texts, at the same storage path every time. */
function demoFile(kind: LegalDocumentKind, language: LegalLanguage): { file: OrderFile; bytes: Buffer } {
  const { title, paragraphs } = TEXTS[kind][language];
  return {
    file: { path: `${stableUuid('onsite-demo', `legal:${kind}:${language}`)}.pdf`, name: `${FILE_NAMES[kind]}-${language}.pdf`, mimeType: 'application/pdf' },
    bytes: textPdf(title, paragraphs, `Onsite Services GmbH - ${title} - 1`),
  };
}

/**
 * The demo's legal documents (D206): each kind's first version, its PDFs made from the demo texts and stored as an
 * upload would be, published by the staff administrator through the same command as the back office. A kind that
 * has a version already is not published again; its demo files are written again where missing (a seeded copy of
 * the store, as the tests use, comes without the files). Answers how many versions it published.
 */
export async function seedDemoLegalDocuments(runtime: Runtime, runner: CommandRunner, admin: Actor, correlationId: string): Promise<number> {
  const storage = LocalDiskFileStorage.for(runtime.config);
  let published = 0;
  for (const kind of Object.keys(TEXTS) as LegalDocumentKind[]) {
    const files: Partial<Record<LegalLanguage, OrderFile>> = {};
    for (const language of LEGAL_LANGUAGES) {
      const { file, bytes } = demoFile(kind, language);
      await storage.saveAt(file.path, bytes);
      files[language] = file;
    }
    if ((await runtime.eventStore.readStream(legalDocumentStreamId(kind))).length > 0) continue;
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
