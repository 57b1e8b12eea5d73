import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { forbidden, isStaff, type SupportContactsView } from '@onsite/domain';
import { SupportContactsViewSchema, SupportContactsChangeSchema, type SupportContactsChange } from '@onsite/contracts';
import { readSupportContacts, readSupportContactsHistory, userNames } from '@onsite/projections';
import { z } from 'zod';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/**
 * The support contacts every signed-in user sees in the header (their country group's phone and e-mail; an OEM user's
 * groups, the personal contacts and the IT support address in the contact modal), and their management by staff
 * administrators (support-contacts-use-cases.ts), each change an event shown in the history.
 */
@ApiTags('cms')
@ApiBearerAuth()
@Controller('support-contacts')
export class SupportContactsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get()
  @ApiOperation({
    summary: 'The support contacts: every country group (phone and e-mail null until staff set them), the personal contacts and the IT support e-mail.',
  })
  @ApiResponse({ status: 200, standardSchema: SupportContactsViewSchema })
  contacts(): Promise<SupportContactsView> {
    return readSupportContacts(this.runtime.documentStore);
  }

  @Get('history')
  @ApiOperation({ summary: 'Staff: every change of the support contacts, newest first, with who made it and when.' })
  @ApiResponse({ status: 200, standardSchema: z.array(SupportContactsChangeSchema) })
  async history(@Auth() auth: AuthContext): Promise<SupportContactsChange[]> {
    if (!isStaff(auth.actor) || auth.actor.onBehalfOf) throw forbidden();
    const changes = await readSupportContactsHistory(this.runtime.documentStore);
    const names = await userNames(
      this.runtime.documentStore,
      changes.flatMap((c) => [c.actorUserId, ...(c.onBehalfOfUserId ? [c.onBehalfOfUserId] : [])]),
    );
    const person = (userId: string) => ({ userId, name: names.get(userId) ?? null });
    return changes.map((c) => ({
      at: c.at,
      actor: person(c.actorUserId),
      ...(c.onBehalfOfUserId ? { onBehalfOf: person(c.onBehalfOfUserId) } : {}),
      type: c.type,
      data: { ...c.data },
    }));
  }
}
