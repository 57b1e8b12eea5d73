import { Controller, Get, Headers, Inject, Logger, Res, type BeforeApplicationShutdown } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { DomainError, validationError } from '@onsite/domain';
import { type OrderUpdateNotice } from '@onsite/contracts';
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
  /** Open streams per session (D129). */
  private readonly perSession = new Map<string, number>();
  private streams = 0;
  private readonly logger = new Logger('updates');

  constructor(
    private readonly hub: UpdatesHub,
    private readonly sessions: SessionService,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  /** A Last-Event-ID the store can read, or null without one; anything else is refused before a stream opens. */
  private checkpointOf(lastEventId: string | undefined): string | null {
    const sent = lastEventId?.trim();
    if (!sent) return null;
    let valid = CHECKPOINT.test(sent);
    try {
      if (valid) this.runtime.eventStore.compareCheckpoints(sent, sent);
    } catch {
      valid = false;
    }
    if (!valid) {
      const message = 'Last-Event-ID is not a position of the live stream: reconnect without it.';
      throw validationError(message, [{ path: 'Last-Event-ID', code: 'invalid_checkpoint', message }]);
    }
    return sent;
  }

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
  async stream(
    @Auth() auth: AuthContext,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Headers('authorization') authorization: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const after = this.checkpointOf(lastEventId);
    const { updatesMaxPerSession, updatesMaxStreams } = this.runtime.config;
    const ofSession = this.perSession.get(auth.sessionId) ?? 0;
    if (this.streams >= updatesMaxStreams)
      throw new DomainError('too_many_streams', 'throttled', 'The server has too many live-update streams open. Please try again later.');
    if (ofSession >= updatesMaxPerSession) {
      throw new DomainError(
        'too_many_streams',
        'throttled',
        `At most ${updatesMaxPerSession} live-update streams may be open per session: close another tab or window.`,
      );
    }
    this.perSession.set(auth.sessionId, ofSession + 1);
    this.streams++;
    this.runtime.metrics.liveStreams.inc();
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      this.streams--;
      this.runtime.metrics.liveStreams.dec();
      const left = (this.perSession.get(auth.sessionId) ?? 1) - 1;
      if (left > 0) this.perSession.set(auth.sessionId, left);
      else this.perSession.delete(auth.sessionId);
    };
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
    const attaching = this.hub.attach(
      {
        actor: auth.actor,
        deliver: (changes: readonly OrderChange[], at: string) => {
          for (const { checkpoint, orderId, refId } of changes)
            write(`id: ${checkpoint}\nevent: order\ndata: ${JSON.stringify({ orderId, refId } satisfies OrderUpdateNotice)}\n\n`);
          position = at;
        },
      },
      after,
    );
    // A replay that fails (the store could not be read) ends the stream and gives its place back; the client reconnects.
    const failed = () => {
      uncount();
      if (!raw.destroyed) raw.end();
    };
    const detach = await attaching.catch((error: unknown) => {
      this.logger.warn(`A live-update replay failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    if (!detach) return failed();
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
      uncount();
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
