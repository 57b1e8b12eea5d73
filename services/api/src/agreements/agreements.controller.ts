import { Body, Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { legalFileFor, notFound, type LegalDocumentKind } from '@onsite/domain';
import { LegalDocumentsSchema, LegalDocumentRequestSchema } from '@onsite/contracts';
import type { FastifyReply } from 'fastify';
import { currentLegalVersion, readLegalDocuments } from '@onsite/projections';
import { z } from 'zod';
import { Public } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage.js';
import { LEGAL_TITLES } from '../legal/legal-titles.js';

/** A PDF loads nothing itself; the console (same origin) may show it in a frame. */
const LEGAL_PDF_CSP = "default-src 'none'; frame-ancestors 'self'";

export interface LegalDocument {
  readonly documentType: LegalDocumentKind;
  readonly title: string;
  readonly legalfile: { readonly url: string };
}

/** The legal documents to read; accepting them is a use case (agreement-use-cases.ts). */
@ApiTags('agreements')
@Controller()
export class AgreementsController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

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
}
