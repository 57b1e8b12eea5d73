import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  bannerView,
  BannerViewSchema,
  faqView,
  FaqViewSchema,
  forbidden,
  HELP_STREAM,
  HelpContentSchema,
  helpDecider,
  HelpListRequestSchema,
  inLanguage,
  LANGUAGES,
  ManualLinkRequestSchema,
  ManualLinkSchema,
  manualView,
  ManualViewSchema,
  matchesSearch,
  notFound,
  type Actor,
  type BannerView,
  type FaqView,
  type HelpContent,
  type HelpListRequest,
  type Language,
  type ManualLink,
  type ManualView,
} from '@onsite/domain';
import { readBanner, readFaqEntries, readHelpContent } from '@onsite/projections';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CommandRunner } from '../common/command-runner.js';
import { CorrelationId } from '../common/correlation-id.js';
import type { AuthContext } from '../common/request-context.js';
import { FileLinks } from '../files/file-links.js';
import { DownloadFileQuerySchema, type DownloadFileQuery } from '../files/get-file.js';
import { Auth, Public } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { textPdf } from '../common/text-pdf.js';

const ManualLinkBodySchema = ManualLinkRequestSchema.extend({ onBehalfOfUserId: z.string().optional() });
const PublishHelpSchema = HelpContentSchema.meta({ id: 'PublishHelpContent' });

const isStaffAdmin = (actor: Actor) => actor.type === 'BL' && actor.role === 'ADMIN' && !actor.onBehalfOf;

/** The path a manual's signed address signs: its id and the language of the file. */
const manualPath = (id: string, language: Language) => `manual/${id}/${language}`;

/**
 * The help area (help/faq, help/manuals; D31): questions and manuals in the reader's language with English as
 * the fallback, searchable; manuals are files behind short-lived signed addresses. Staff administrators publish the
 * content (it replaces what was there, as one event).
 */
@ApiTags('cms')
@Controller('cms')
export class HelpController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly links: FileLinks,
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
    const { manuals } = await readHelpContent(this.runtime.documentStore);
    return manuals.map((manual) => manualView(manual, query.lang)).filter((m) => matchesSearch(query.search, [m.title, m.summary]));
  }

  @Post('manual-link')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'A short-lived download address of a manual, in the language asked for or else in English.' })
  @ApiResponse({ status: 200, standardSchema: ManualLinkSchema })
  async manualLink(@Body({ schema: ManualLinkBodySchema }) body: z.infer<typeof ManualLinkBodySchema>): Promise<ManualLink> {
    const manual = (await readHelpContent(this.runtime.documentStore)).manuals.find((m) => m.id === body.manualId);
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
    const manual = (await readHelpContent(this.runtime.documentStore)).manuals.find((m) => m.id === id);
    if (!manual) throw notFound('There is no such manual.');
    const title = inLanguage(manual.title, language).value;
    const pdf = textPdf(title, inLanguage(manual.body, language).value, `Onsite - ${title} - ${manual.issued}`);
    await reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(query.name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(pdf);
  }

  @Get('help-content')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Staff administrators: the whole help content as published, in every language, to edit and publish again.' })
  @ApiResponse({ status: 200, standardSchema: HelpContentSchema })
  async content(@Auth() auth: AuthContext): Promise<HelpContent> {
    if (!isStaffAdmin(auth.actor)) throw forbidden();
    return readHelpContent(this.runtime.documentStore);
  }

  @Post('publishHelp')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Staff administrators: publish the help content (questions and manuals); it replaces what was published before.' })
  @ApiResponse({ status: 200, standardSchema: z.object({ version: z.number().int() }) })
  async publish(
    @Auth() auth: AuthContext,
    @CorrelationId() correlationId: string,
    @Body({ schema: PublishHelpSchema }) content: HelpContent,
  ): Promise<{ version: number }> {
    const { version } = await this.runner.run(helpDecider, {
      streamId: HELP_STREAM,
      actor: auth.actor,
      correlationId,
      command: { type: 'PublishHelpContent', data: { content } },
    });
    return { version };
  }
}
