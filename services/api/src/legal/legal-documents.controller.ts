import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AGREEMENT_OF_KIND, forbidden, isStaff, LEGAL_LANGUAGES, notFound, type Actor, type LegalDocumentKind, type LegalLanguage } from '@onsite/domain';
import {
  LegalFileLinkRequestSchema,
  ManagedLegalDocumentSchema,
  type LegalFileLinkRequest,
  type ManagedLegalDocument,
  FileLinkSchema,
} from '@onsite/contracts';
import type { DocumentStore } from '@onsite/infrastructure';
import { readLegalDocuments, userNames, type LegalDocumentRecord } from '@onsite/projections';
import { z } from 'zod';
import type { AuthContext } from '../common/request-context.js';
import { FileLinks } from '../files/file-links.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

function assertStaffReader(actor: Actor): void {
  if (!isStaff(actor) || actor.onBehalfOf) throw forbidden();
}

const noSuchVersion = () => notFound('There is no such version of this document.', 'legal_version_not_found');

/**
 * The legal documents of the back office (D206): every staff member reads each kind's versions with who published
 * them and when, and downloads any version; staff administrators publish a new version from uploaded PDFs (legal-document-use-cases.ts). The
 * public pages (`getLegalDocument`, `legal/:kind/:language.pdf`) serve the current version.
 */
@ApiTags('legal')
@ApiBearerAuth()
@Controller('legal-documents')
export class LegalDocumentsController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly links: FileLinks,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Staff: each kind of legal document with its versions, newest (current) first.' })
  @ApiResponse({ status: 200, standardSchema: z.array(ManagedLegalDocumentSchema) })
  async list(@Auth() auth: AuthContext): Promise<ManagedLegalDocument[]> {
    assertStaffReader(auth.actor);
    return legalDocumentViews(this.runtime.documentStore, await readLegalDocuments(this.runtime.documentStore));
  }

  @Get('file')
  @ApiOperation({ summary: "Staff: a signed download address of one version's PDF in one language (any version, current or older)." })
  @ApiResponse({ status: 200, standardSchema: FileLinkSchema })
  async file(@Auth() auth: AuthContext, @Query({ schema: LegalFileLinkRequestSchema }) query: LegalFileLinkRequest): Promise<{ url: string }> {
    assertStaffReader(auth.actor);
    const [document] = (await readLegalDocuments(this.runtime.documentStore)).filter((d) => d.kind === query.kind);
    const file = document?.versions.find((v) => v.version === query.version)?.files[query.language];
    if (!file) throw noSuchVersion();
    return { url: this.links.linkTo(file) };
  }
}

/** Each kind with its versions, newest (current) first, and who published each. */
export async function legalDocumentViews(store: DocumentStore, documents: readonly LegalDocumentRecord[]): Promise<ManagedLegalDocument[]> {
  const names = await userNames(
    store,
    documents.flatMap((d) => d.versions.flatMap((v) => [v.actorUserId, ...(v.onBehalfOfUserId ? [v.onBehalfOfUserId] : [])])),
  );
  const who = (userId: string) => ({ userId, name: names.get(userId) ?? null });
  return documents.map((d) => ({
    kind: d.kind,
    agreement: AGREEMENT_OF_KIND[d.kind as LegalDocumentKind],
    versions: [...d.versions].reverse().map((v) => ({
      version: v.version,
      publishedAt: v.publishedAt,
      publishedBy: who(v.actorUserId),
      ...(v.onBehalfOfUserId ? { onBehalfOf: who(v.onBehalfOfUserId) } : {}),
      languages: LEGAL_LANGUAGES.filter((l: LegalLanguage) => v.files[l] !== undefined),
    })),
  }));
}
