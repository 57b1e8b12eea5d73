import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  AGREEMENT_OF_KIND,
  canManageSupportContent,
  forbidden,
  isStaff,
  LEGAL_LANGUAGES,
  LegalFileLinkRequestSchema,
  legalDocumentDecider,
  legalDocumentStreamId,
  ManagedLegalDocumentSchema,
  notFound,
  PublishLegalVersionSchema,
  type Actor,
  type LegalDocumentKind,
  type LegalFileLinkRequest,
  type LegalFiles,
  type LegalLanguage,
  type ManagedLegalDocument,
  type PublishLegalVersion,
} from '@onsite/domain';
import { readLegalDocuments, userNames, type LegalDocumentRecord } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../common/command-runner.js';
import { CorrelationId } from '../common/correlation-id.js';
import type { AuthContext } from '../common/request-context.js';
import { FileLinks } from '../files/file-links.js';
import { FileUploads } from '../files/uploads.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

function assertStaffReader(actor: Actor): void {
  if (!isStaff(actor) || actor.onBehalfOf) throw forbidden();
}

const noSuchVersion = () => notFound('There is no such version of this document.', 'legal_version_not_found');

/**
 * The legal documents of the back office (D206): every staff member reads each kind's versions with who published
 * them and when, and downloads any version; staff administrators publish a new version from uploaded PDFs. The
 * public pages (`getLegalDocument`, `legal/:kind/:language.pdf`) serve the current version.
 */
@ApiTags('legal')
@ApiBearerAuth()
@Controller('legal-documents')
export class LegalDocumentsController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly uploads: FileUploads,
    private readonly links: FileLinks,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Staff: each kind of legal document with its versions, newest (current) first.' })
  @ApiResponse({ status: 200, standardSchema: z.array(ManagedLegalDocumentSchema) })
  async list(@Auth() auth: AuthContext): Promise<ManagedLegalDocument[]> {
    assertStaffReader(auth.actor);
    return this.views(await readLegalDocuments(this.runtime.documentStore));
  }

  @Get('file')
  @ApiOperation({ summary: "Staff: a signed download address of one version's PDF in one language (any version, current or older)." })
  @ApiResponse({ status: 200, standardSchema: z.object({ url: z.string() }) })
  async file(@Auth() auth: AuthContext, @Query({ schema: LegalFileLinkRequestSchema }) query: LegalFileLinkRequest): Promise<{ url: string }> {
    assertStaffReader(auth.actor);
    const [document] = (await readLegalDocuments(this.runtime.documentStore)).filter((d) => d.kind === query.kind);
    const file = document?.versions.find((v) => v.version === query.version)?.files[query.language];
    if (!file) throw noSuchVersion();
    return { url: this.links.linkTo(file) };
  }

  @Post('publish')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Staff administrators: publish a new version of a legal document from PDF uploads (English required, German and Portuguese optional).',
    description:
      'A new version of the terms of use or the privacy policy asks every user to accept it at their next request. An upload that is not a PDF: ' +
      '400 pdf_required; another version published since `basedOn`: 409 legal_version_changed.',
  })
  @ApiResponse({ status: 200, standardSchema: ManagedLegalDocumentSchema })
  async publish(@Auth() auth: AuthContext, @Body({ schema: PublishLegalVersionSchema }) body: PublishLegalVersion, @CorrelationId() correlationId: string) {
    // Who may publish is decided before the uploads are looked at: a customer learns nothing about them.
    if (!canManageSupportContent(auth.actor)) throw forbidden('Only staff administrators publish legal documents.');
    await this.uploads.storingFor(auth.actor.userId, async (store) => {
      const languages = LEGAL_LANGUAGES.filter((l) => body.files[l] !== undefined);
      const resolved = await store(languages.map((l) => ({ upload: body.files[l]!, path: `files.${l}` })));
      const files = Object.fromEntries(languages.map((l, i) => [l, resolved[i]!])) as unknown as LegalFiles;
      await this.runner.run(legalDocumentDecider, {
        streamId: legalDocumentStreamId(body.kind),
        actor: auth.actor,
        correlationId,
        command: { type: 'PublishLegalVersion', kind: body.kind, basedOn: body.basedOn, files },
      });
    });
    const [view] = (await this.views(await readLegalDocuments(this.runtime.documentStore))).filter((d) => d.kind === body.kind);
    return view!;
  }

  private async views(documents: readonly LegalDocumentRecord[]): Promise<ManagedLegalDocument[]> {
    const names = await userNames(
      this.runtime.documentStore,
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
}
