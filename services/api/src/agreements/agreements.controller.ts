import { Body, Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { LegalDocumentsSchema, notFound, TERMS_VERSION, type Agreement } from '@onsite/domain';
import type { FastifyReply } from 'fastify';
import { getUser } from '@onsite/projections';
import { z } from 'zod';
import { Envelope } from '../common/envelope.js';
import type { AuthContext } from '../common/request-context.js';
import { actorOf, AllowWithoutAgreements, Auth, Public } from '../identity/auth.guard.js';
import { CorrelationId } from '../common/correlation-id.js';
import { IdentityCommands } from '../identity/identity-commands.js';
import { profileOf, type Profile } from '../identity/profile.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { textPdf } from '../common/text-pdf.js';
import { LICENCE, PRIVACY } from './legal-texts.js';

/** Each document in every language it is written in. */
const DOCUMENTS = { TERMS_OF_USE: LICENCE, PRIVACY_POLICY: PRIVACY } as const;
type DocumentType = keyof typeof DOCUMENTS;
/** Languages with their own documents; every other language gets the English one (D14). */
const DOCUMENT_LANGUAGES = ['de', 'pt', 'en'] as const;
const documentLanguage = (language: string | undefined) => DOCUMENT_LANGUAGES.find((l) => l === language) ?? 'en';

/** A PDF loads nothing itself; the console (same origin) may show it in a frame. */
const LEGAL_PDF_CSP = "default-src 'none'; frame-ancestors 'self'";

const LegalDocumentRequestSchema = z.object({ language: z.string().max(5).optional() }).meta({ id: 'LegalDocumentRequest' });

export interface LegalDocument {
  readonly documentType: DocumentType;
  readonly title: string;
  readonly legalfile: { readonly url: string };
}

@ApiTags('agreements')
@Controller()
export class AgreementsController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly commands: IdentityCommands,
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
  @ApiOperation({ summary: 'The legal documents in a language (de, pt, else en), sorted by documentType descending.' })
  legalDocuments(@Body({ schema: LegalDocumentRequestSchema }) body: z.infer<typeof LegalDocumentRequestSchema>): LegalDocument[] {
    const language = documentLanguage(body.language);
    return (Object.keys(DOCUMENTS) as DocumentType[])
      .sort((a, b) => b.localeCompare(a))
      .map((documentType) => ({
        documentType,
        title: DOCUMENTS[documentType][language].title,
        legalfile: { url: `/api/legal/${documentType}/${language}.pdf` },
      }));
  }

  @Public()
  @Get('legal/:documentType/:file')
  @ApiOperation({ summary: 'A legal document as PDF.' })
  pdf(@Param('documentType') documentType: string, @Param('file') file: string, @Res() reply: FastifyReply): void {
    const language = /^([a-z]{2})\.pdf$/.exec(file)?.[1];
    if (!Object.hasOwn(DOCUMENTS, documentType) || !language) throw notFound();
    const document = DOCUMENTS[documentType as DocumentType][documentLanguage(language)];
    // The console embeds the document (agreement dialogs and pages, legal pages): only its own origin may frame
    // it; every other answer keeps frame-ancestors 'none'.
    void reply
      .header('content-security-policy', LEGAL_PDF_CSP)
      .header('x-frame-options', 'SAMEORIGIN')
      .type('application/pdf')
      .send(textPdf(document.title, document.paragraphs, `Onsite Services GmbH - ${document.title} - ${TERMS_VERSION}`));
  }

  private async accept(auth: AuthContext, agreement: Agreement, correlationId: string): Promise<Envelope<Profile>> {
    // Only the user accepts, for themself: never on behalf.
    await this.commands.user(actorOf(auth.user), auth.user._id, { type: 'AcceptAgreements', agreements: [agreement] }, correlationId);
    const profile = profileOf((await getUser(this.runtime.documentStore, auth.user._id)) ?? auth.user);
    return new Envelope(profile, { meta: { profile } });
  }
}
