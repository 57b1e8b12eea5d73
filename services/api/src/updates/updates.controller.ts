import { Controller, Get, Headers, Inject, Res, type BeforeApplicationShutdown } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { OrderUpdateNotice } from '@onsite/domain';
import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { SessionService } from '../identity/sessions.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { UpdatesHub, type OrderChange } from './updates-hub.js';

/** A checkpoint a client sends back: digits, with a separator for adapters whose checkpoints have two parts. */
const CHECKPOINT = /^[0-9A-Za-z:/._-]{1,100}$/;

@ApiTags('updates')
@ApiBearerAuth()
@Controller('updates')
export class UpdatesController implements BeforeApplicationShutdown {
  /** The open streams, ended before the server closes (an open stream would keep it from closing). */
  private readonly open = new Set<() => void>();

  constructor(
    private readonly hub: UpdatesHub,
    private readonly sessions: SessionService,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  beforeApplicationShutdown(): void {
    for (const close of [...this.open]) close();
  }

  @Get()
  @ApiOperation({
    summary: 'Server-sent events: which orders the caller may see have changed (ids only, never order data).',
    description:
      '`event: order` with `data: {"orderId","refId"}` and `id: <checkpoint>`; `event: position` (no order) when nothing visible changed for a while. ' +
      'Send the last id seen as `Last-Event-ID` to resume without gaps or repeats. The stream ends when the session ends.',
  })
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false })
  async stream(@Auth() auth: AuthContext, @Headers('last-event-id') lastEventId: string | undefined, @Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const after = lastEventId && CHECKPOINT.test(lastEventId.trim()) ? lastEventId.trim() : null;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    let position = after ?? this.hub.position();
    const write = (text: string) => {
      if (!raw.destroyed) raw.write(text);
    };
    write(`retry: 2000\nid: ${position}\nevent: position\ndata: {}\n\n`);
    const detach = await this.hub.attach(
      {
        actor: auth.actor,
        deliver: (changes: readonly OrderChange[], at: string) => {
          for (const { checkpoint, orderId, refId } of changes) write(`id: ${checkpoint}\nevent: order\ndata: ${JSON.stringify({ orderId, refId } satisfies OrderUpdateNotice)}\n\n`);
          position = at;
        },
      },
      after,
    );
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
    // Every heartbeat: the position (a client resumes from there) and a check that the session still lives; the
    // traffic also keeps proxies from closing an idle stream.
    const heartbeat = setInterval(() => {
      void (async () => {
        // A revoked or expired session ends the stream; the console then meets the 401 on its next request.
        if (!(await this.sessions.resolve(token, { touch: false }))) return close();
        write(`id: ${position}\nevent: position\ndata: {}\n\n`);
      })();
    }, this.runtime.config.updatesHeartbeatMs);
    const close = () => {
      this.open.delete(close);
      clearInterval(heartbeat);
      detach();
      if (!raw.destroyed) raw.end();
    };
    this.open.add(close);
    raw.on('close', close);
    // A client that went away while the hub was replaying its missed changes closed before the listener above.
    if (raw.destroyed) close();
  }
}
