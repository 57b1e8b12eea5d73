import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { notFound } from '@onsite/domain';
import { Public } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { OutboxSender, type OutboxEntry } from './outbox.js';

/** Embedded profile only: shows the messages the system "sent", so invitation and reset links work on a laptop. */
@ApiTags('dev')
@Controller('dev')
export class OutboxController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly outbox: OutboxSender,
  ) {}

  @Public()
  @Get('outbox')
  @ApiOperation({ summary: 'Embedded profile only: the last 100 messages, optionally for one recipient (?to=).' })
  list(@Query('to') to?: string): Promise<OutboxEntry[]> {
    if (this.runtime.config.profile !== 'embedded') throw notFound();
    return this.outbox.list(to);
  }
}
