import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ChangeFaqSchema,
  faqDecider,
  FaqInputSchema,
  faqStreamId,
  forbidden,
  isStaff,
  ManagedFaqSchema,
  notFound,
  RemoveFaqSchema,
  validationError,
  type Actor,
  type FaqCommand,
  type ManagedFaq,
} from '@onsite/domain';
import { listManagedFaqs, readFaqHistory } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../common/command-runner.js';
import { CorrelationId } from '../common/correlation-id.js';
import { changesWithPeople } from '../common/change-history.js';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

const person = z.object({ userId: z.string(), name: z.string().nullable() });
export const FaqChangeSchema = z
  .object({ at: z.string(), actor: person, onBehalfOf: person.optional(), type: z.enum(['FAQ_CREATED', 'FAQ_CHANGED', 'FAQ_REMOVED']) })
  .meta({ id: 'FaqChange' });
type FaqChangeView = z.infer<typeof FaqChangeSchema>;

const FAQ_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

function assertStaffReader(actor: Actor): void {
  if (!isStaff(actor) || actor.onBehalfOf) throw forbidden();
}

/**
 * The help questions of the back office (D205): every staff member reads them in every language with their history;
 * staff administrators create, change and remove them, each change an event. Customers read them through `cms/faqs`.
 */
@ApiTags('cms')
@ApiBearerAuth()
@Controller('help-content/faqs')
export class FaqsController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Staff: every help question in every language, by topic.' })
  @ApiResponse({ status: 200, standardSchema: z.array(ManagedFaqSchema) })
  list(@Auth() auth: AuthContext): Promise<ManagedFaq[]> {
    assertStaffReader(auth.actor);
    return listManagedFaqs(this.runtime.documentStore);
  }

  @Get('history/:id')
  @ApiOperation({ summary: "Staff: a help question's changes, newest first, with who made each and when." })
  @ApiResponse({ status: 200, standardSchema: z.array(FaqChangeSchema) })
  async history(@Auth() auth: AuthContext, @Param('id') id: string): Promise<FaqChangeView[]> {
    assertStaffReader(auth.actor);
    if (!FAQ_ID.test(id)) throw validationError('Not a question id.');
    const changes = await readFaqHistory(this.runtime.documentStore, id);
    if (!changes) throw notFound('There is no such question.', 'faq_not_found');
    return changesWithPeople(this.runtime.documentStore, changes);
  }

  @Post('create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff administrators: a new help question (the server gives it its id).' })
  @ApiResponse({ status: 200, standardSchema: ManagedFaqSchema })
  create(
    @Auth() auth: AuthContext,
    @Body({ schema: FaqInputSchema }) body: z.infer<typeof FaqInputSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<ManagedFaq> {
    const id = randomUUID();
    return this.run(auth.actor, id, { type: 'CreateFaq', entry: { id, ...body } }, correlationId);
  }

  @Post('change')
  @HttpCode(200)
  @ApiOperation({ summary: "Staff administrators: a help question's topic, question or answer." })
  @ApiResponse({ status: 200, standardSchema: ManagedFaqSchema })
  change(
    @Auth() auth: AuthContext,
    @Body({ schema: ChangeFaqSchema }) body: z.infer<typeof ChangeFaqSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<ManagedFaq> {
    return this.run(auth.actor, body.id, { type: 'ChangeFaq', entry: body }, correlationId);
  }

  @Post('remove')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff administrators: remove a help question; customers no longer see it, its history stays.' })
  @ApiResponse({ status: 200, standardSchema: z.object({ id: z.string() }) })
  async remove(
    @Auth() auth: AuthContext,
    @Body({ schema: RemoveFaqSchema }) body: z.infer<typeof RemoveFaqSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<{ id: string }> {
    await this.runner.run(faqDecider, { streamId: faqStreamId(body.id), actor: auth.actor, correlationId, command: { type: 'RemoveFaq', id: body.id } });
    return { id: body.id };
  }

  private async run(actor: Actor, id: string, command: FaqCommand, correlationId: string): Promise<ManagedFaq> {
    await this.runner.run(faqDecider, { streamId: faqStreamId(id), actor, correlationId, command });
    const found = (await listManagedFaqs(this.runtime.documentStore)).find((f) => f.id === id);
    if (!found) throw notFound('There is no such question.', 'faq_not_found');
    return found;
  }
}
