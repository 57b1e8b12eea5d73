import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { canUse, forbidden, notFound } from '@onsite/domain';
import { OutboxEntrySchema } from '@onsite/contracts';
import { z } from 'zod';
import { Auth } from '../identity/auth.guard.js';
import type { AuthContext } from '../common/request-context.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { OutboxSender, type OutboxEntry } from './outbox.js';

/**
 * The dev outbox: the messages the system "sent" where no real transport is configured, so invitation and reset
 * links work on a laptop. It holds live reset links, so only staff administrators may read it (they can already
 * act for any customer), and it does not exist once a real mail transport is configured (docs/security.md).
 */
@ApiTags('dev')
@ApiBearerAuth()
@Controller('dev')
export class OutboxController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly outbox: OutboxSender,
  ) {}

  @Get('outbox')
  @ApiOperation({ summary: 'Embedded profile without SMTP, staff administrators only: the last 100 messages, optionally for one recipient (?to=).' })
  @ApiResponse({ status: 200, standardSchema: z.array(OutboxEntrySchema) })
  list(@Auth() auth: AuthContext, @Query('to') to?: string): Promise<OutboxEntry[]> {
    if (!this.runtime.config.devOutbox) throw notFound();
    if (!canUse('devOutbox', { type: auth.user.type, role: auth.user.role })) throw forbidden('Only staff administrators may read the dev outbox.');
    return this.outbox.list(typeof to === 'string' ? to : undefined);
  }
}
