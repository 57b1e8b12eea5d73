import { Body, Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { legalFileFor, LegalDocumentsSchema, notFound, type Agreement, type LegalDocumentKind } from '@onsite/domain';
import type { FastifyReply } from 'fastify';
import { currentLegalVersion, currentLegalVersions, getUser, readLegalDocuments } from '@onsite/projections';
import { z } from 'zod';
import { Envelope } from '../common/envelope.js';
import type { AuthContext } from '../common/request-context.js';
import { actorOf, AllowWithoutAgreements, Auth, Public } from '../identity/auth.guard.js';
import { CorrelationId } from '../common/correlation-id.js';
import { IdentityCommands } from '../identity/identity-commands.js';
import { profileOf, type Profile } from '../identity/profile.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage.js';
import { LEGAL_TITLES } from '../legal/legal-titles.js';

/** A PDF loads nothing itself; the console (same origin) may show it in a frame. */
const LEGAL_PDF_CSP = "default-src 'none'; frame-ancestors 'self'";

const LegalDocumentRequestSchema = z.object({ language: z.string().max(5).optional() }).meta({ id: 'LegalDocumentRequest' });

export interface LegalDocument {
  readonly documentType: LegalDocumentKind;
  readonly title: string;
  readonly legalfile: { readonly url: string };
}

@ApiTags('agreements')
@Controller()
export class AgreementsController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly commands: IdentityCommands,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @AllowWithoutAgreements()
  @Post('user/acceptUserLicence')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept the end-user licence agreement; returns the profile.' })
  acceptLicence(@Auth() auth: AuthContext, @CorrelationId() correlationId: string): Promise<Envelope<Profile>> {
    return this.accept(auth, 'EULA', correlationId);
  }

  @AllowWithoutAgreements()
  @Post('user/acceptPrivacyPolicy')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accept the privacy policy; returns the profile.' })
  acceptPrivacyPolicy(@Auth() auth: AuthContext, @CorrelationId() correlationId: string): Promise<Envelope<Profile>> {
    return this.accept(auth, 'PRIVACY_POLICY', correlationId);
  }

  @Public()
  @ApiResponse({ status: 200, standardSchema: LegalDocumentsSchema })
  @Post('getLegalDocument')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The current legal documents in a language (de, pt, else en; English where a version has none), sorted by documentType descending.',
  })
  async legalDocuments(@Body({ schema: LegalDocumentRequestSchema }) body: z.infer<typeof LegalDocumentRequestSchema>): Promise<LegalDocument[]> {
    const documents = await readLegalDocuments(this.runtime.documentStore);
    return documents
      .flatMap((document) => {
        const current = document.versions.at(-1);
        if (!current) return [];
        const { language } = legalFileFor(current.files, body.language);
        return [
          { documentType: document.kind, title: LEGAL_TITLES[document.kind][language], legalfile: { url: `/api/legal/${document.kind}/${language}.pdf` } },
        ];
      })
      .sort((a, b) => b.documentType.localeCompare(a.documentType));
  }

  @Public()
  @Get('legal/:documentType/:file')
  @ApiOperation({ summary: 'The current version of a legal document as PDF, in a language (English where the version has none).' })
  async pdf(@Param('documentType') documentType: string, @Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const language = /^([a-z]{2})\.pdf$/.exec(file)?.[1];
    const kind = (['TERMS_OF_USE', 'PRIVACY_POLICY'] as const).find((k) => k === documentType);
    if (!kind || !language) throw notFound();
    const current = await currentLegalVersion(this.runtime.documentStore, kind);
    if (!current) throw notFound('No version of this document is published yet.', 'legal_document_not_found');
    const bytes = await this.storage.open(legalFileFor(current.files, language).file.path);
    if (!bytes) throw notFound('No version of this document is published yet.', 'legal_document_not_found');
    // The console embeds the document (agreement dialogs and pages, legal pages): only its own origin may frame
    // it; every other answer keeps frame-ancestors 'none'.
    await reply
      .header('content-security-policy', LEGAL_PDF_CSP)
      .header('x-frame-options', 'SAMEORIGIN')
      // One address for every version: a browser asks again rather than show a version that is no longer current.
      .header('cache-control', 'no-cache')
      .type('application/pdf')
      .send(bytes);
  }

  private async accept(auth: AuthContext, agreement: Agreement, correlationId: string): Promise<Envelope<Profile>> {
    // Only the user accepts, for themself: never on behalf.
    // The current version of the agreement's document is what the user accepts (D206).
    const versions = await currentLegalVersions(this.runtime.documentStore);
    await this.commands.user(actorOf(auth.user), auth.user._id, { type: 'AcceptAgreements', agreements: [agreement], versions }, correlationId);
    const profile = profileOf((await getUser(this.runtime.documentStore, auth.user._id)) ?? auth.user);
    return new Envelope(profile, { meta: { profile } });
  }
}
