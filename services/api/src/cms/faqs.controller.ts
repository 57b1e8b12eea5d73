import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { forbidden, isStaff, notFound, validationError, type Actor } from '@onsite/domain';
import { ManagedFaqSchema, type ManagedFaq, FaqChangeSchema, type FaqChange } from '@onsite/contracts';
import { listManagedFaqs, readFaqHistory } from '@onsite/projections';
import { z } from 'zod';
import { changesWithPeople } from '../common/change-history.js';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

const FAQ_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

function assertStaffReader(actor: Actor): void {
  if (!isStaff(actor) || actor.onBehalfOf) throw forbidden();
}

/**
 * The help questions of the back office (D205): every staff member reads them in every language with their history;
 * staff administrators create, change and remove them, each change an event (help-content-use-cases.ts). Customers read them through `cms/faqs`.
 */
@ApiTags('cms')
@ApiBearerAuth()
@Controller('help-content/faqs')
export class FaqsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

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
  async history(@Auth() auth: AuthContext, @Param('id') id: string): Promise<FaqChange[]> {
    assertStaffReader(auth.actor);
    if (!FAQ_ID.test(id)) throw validationError('Not a question id.');
    const changes = await readFaqHistory(this.runtime.documentStore, id);
    if (!changes) throw notFound('There is no such question.', 'faq_not_found');
    return changesWithPeople(this.runtime.documentStore, changes);
  }
}
