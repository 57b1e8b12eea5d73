import type { Readable } from 'node:stream';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { forbidden, inLanguage, LANGUAGES, notFound, type Language } from '@onsite/domain';
import {
  bannerView,
  BannerViewSchema,
  faqView,
  FaqViewSchema,
  HelpListRequestSchema,
  ManualLinkRequestSchema,
  ManualLinkSchema,
  manualView,
  ManualViewSchema,
  matchesSearch,
  type BannerView,
  type FaqView,
  type HelpListRequest,
  type ManualLink,
  type ManualView,
  DownloadFileQuerySchema,
  type DownloadFileQuery,
} from '@onsite/contracts';
import { readBanner, readFaqEntries, readManuals } from '@onsite/projections';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { FileLinks } from '../files/file-links.js';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage.js';
import { Public } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { textPdf } from '../common/text-pdf.js';

const ManualLinkBodySchema = ManualLinkRequestSchema.extend({ onBehalfOfUserId: z.string().optional() });

/** The path a manual's signed address signs: its id and the language of the file. */
const manualPath = (id: string, language: Language) => `manual/${id}/${language}`;

/**
 * The help area (help/faq, help/manuals; D31): questions and manuals in the reader's language with English as
 * the fallback, searchable; manuals are files behind short-lived signed addresses. Staff administrators manage the
 * content item by item (FaqsController, ManualsController, BannerController).
 */
@ApiTags('cms')
@Controller('cms')
export class HelpController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly links: FileLinks,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Public()
  @Get('getBanner')
  @ApiOperation({ summary: "The home page's banner for visitors in a language (English where untranslated); null when none is published." })
  @ApiResponse({ status: 200, standardSchema: BannerViewSchema })
  async banner(@Query({ schema: HelpListRequestSchema.pick({ lang: true }) }) query: { lang: Language }): Promise<BannerView> {
    return bannerView(await readBanner(this.runtime.documentStore), query.lang);
  }

  @Get('faqs')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'The questions and answers of the help area in a language (English where not translated), optionally only those matching every word of `search`.',
  })
  @ApiResponse({ status: 200, standardSchema: z.array(FaqViewSchema) })
  async faqs(@Query({ schema: HelpListRequestSchema }) query: HelpListRequest): Promise<FaqView[]> {
    const faqs = await readFaqEntries(this.runtime.documentStore);
    return faqs.map((entry) => faqView(entry, query.lang)).filter((faq) => matchesSearch(query.search, [faq.question, faq.answer]));
  }

  @Get('manuals')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The manuals in a language (English where not translated), optionally only those matching every word of `search`.' })
  @ApiResponse({ status: 200, standardSchema: z.array(ManualViewSchema) })
  async manuals(@Query({ schema: HelpListRequestSchema }) query: HelpListRequest): Promise<ManualView[]> {
    const manuals = await readManuals(this.runtime.documentStore);
    return manuals.map((manual) => manualView(manual, query.lang)).filter((m) => matchesSearch(query.search, [m.title, m.summary]));
  }

  @Post('manual-link')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'A short-lived download address of a manual, in the language asked for or else in English.' })
  @ApiResponse({ status: 200, standardSchema: ManualLinkSchema })
  async manualLink(@Body({ schema: ManualLinkBodySchema }) body: z.infer<typeof ManualLinkBodySchema>): Promise<ManualLink> {
    const manual = (await readManuals(this.runtime.documentStore)).find((m) => m.id === body.manualId);
    if (!manual) throw notFound('There is no such manual.');
    const view = manualView(manual, body.lang);
    const name = `${view.title}.pdf`;
    return { url: `/api/cms/manual/${manual.id}/${view.language}?${this.links.query(manualPath(manual.id, view.language), name)}`, language: view.language };
  }

  @Public()
  @Get('manual/:id/:lang')
  @ApiOperation({ summary: 'The file of a manual, for an address from /cms/manual-link (it carries its own signed, expiring token).' })
  async manualFile(
    @Param('id') id: string,
    @Param('lang') lang: string,
    @Query({ schema: DownloadFileQuerySchema }) query: DownloadFileQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const language = LANGUAGES.find((l) => l === lang);
    if (!language || !this.links.verifies(manualPath(id, language), query.name, query.token)) {
      throw forbidden('This download link is invalid or has expired.', 'invalid_or_expired_token');
    }
    const manual = (await readManuals(this.runtime.documentStore)).find((m) => m.id === id);
    if (!manual) throw notFound('There is no such manual.');
    let pdf: Uint8Array | Readable;
    if ('files' in manual) {
      // An uploaded PDF (D212); the link names the language whose file it is.
      const file = manual.files[language];
      const stored = file ? await this.storage.open(file.path) : null;
      if (!stored) throw notFound('There is no such manual.');
      pdf = stored;
    } else {
      const title = inLanguage(manual.title, language).value;
      pdf = textPdf(title, inLanguage(manual.body, language).value, `Onsite - ${title} - ${manual.issued}`);
    }
    await reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(query.name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(pdf);
  }
}
