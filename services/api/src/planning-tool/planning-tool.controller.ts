import { Body, Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  canActAsProvider,
  conflict,
  DomainError,
  foldStream,
  forbidden,
  jobProgressCommand,
  notFound,
  ORDER_STATUSES,
  orderDecider,
  orderStreamId,
  validationError,
  type Actor,
  type OrderStatusOrNone,
} from '@onsite/domain';
import { RefusedJobReportListSchema, type RefusedJobReport, type JobReport, JobReportSchema, RefusedReportsRequestSchema } from '@onsite/contracts';
import { VersionConflictError } from '@onsite/infrastructure';
import { listOrders } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../common/command-runner.js';
import { CorrelationId } from '../common/correlation-id.js';
import type { AuthContext } from '../common/request-context.js';
import type { RawBodyRequest } from '../http/raw-body.js';
import { Auth, Public } from '../identity/auth.guard.js';
import { orderScopeOf } from '../orders/order-scope.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { checkSignature, REPORT_CAUSATION_PREFIX, reportCausationId, SIGNATURE_HEADER } from './report-signature.js';

const JOB_PROGRESS_PATH = '/api/planning-tool/job-progress';
/** Routes whose raw body is kept for signature checks (create-app.ts). */
export const SIGNED_ROUTES: ReadonlySet<string> = new Set([JOB_PROGRESS_PATH]);
/** Reports that were authentic but refused (unknown order, step the lifecycle does not allow, ...), for staff to follow up. */
export const PLANNING_INBOX_STREAM = 'planning-tool-inbox';
const REPORT_REFUSED = 'JOB_REPORT_REFUSED';
/** A report id is claimed by the first authentic report that uses it, whatever its order (one stream per id). */
const reportClaimStreamId = (reportId: string): string => `planning-tool-report-${reportId}`;
const REPORT_CLAIMED = 'JOB_REPORT_CLAIMED';
/** Who the order events of a report name as their actor. */
const PLANNING_TOOL_ACTOR: Actor = { userId: 'planning-tool', type: 'BL', role: 'ADMIN', companyId: 'provider', country: '' };

export interface JobReportOutcome {
  /** applied: the order changed; duplicate: this very report was applied before, nothing changed. */
  readonly outcome: 'applied' | 'duplicate';
  readonly orderId: string;
  readonly version: number;
  readonly status: OrderStatusOrNone;
}

export type RefusedReport = RefusedJobReport;

const MAX_REFUSED_LISTED = 100;
const CONFLICT_RETRIES = 3;

@ApiTags('planning-tool')
@Controller('planning-tool')
export class PlanningToolController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  @Public()
  @Post('job-progress')
  @HttpCode(200)
  @ApiOperation({
    summary: "The planning tool reports a job's progress (signed with the shared secret).",
    description:
      'Header `Onsite-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. Refused: a bad signature (401 invalid_signature), ' +
      'a timestamp more than 5 minutes off (401 stale_report), a report id already used for another body (409 report_replayed), an unknown order ' +
      '(404 order_not_found), a step the lifecycle does not allow (409 orderError / unknown_job). The same report twice is applied once (outcome duplicate).',
  })
  @ApiHeader({ name: 'Onsite-Signature', required: true })
  @ApiBody({ schema: z.toJSONSchema(JobReportSchema, { io: 'input', unrepresentable: 'any' }) as unknown as Record<string, never> })
  async report(
    @Req() request: RawBodyRequest,
    @Headers(SIGNATURE_HEADER) signature: string | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<JobReportOutcome> {
    const secret = this.runtime.config.planningToolSecret;
    if (!secret) throw notFound();
    const raw = request.rawBody ?? Buffer.alloc(0);
    const check = checkSignature(secret, signature, raw, this.runtime.clock().getTime());
    if (!check.ok) {
      throw new DomainError(
        check.reason,
        'unauthenticated',
        check.reason === 'stale_report' ? 'The report is signed more than 5 minutes away from our clock.' : 'The report is not signed with the shared secret.',
      );
    }
    const parsed = JobReportSchema.safeParse(request.body);
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code, message: issue.message }));
      await this.refuse(correlationId, request.body, 'validation_error', details.map((d) => `${d.path}: ${d.message}`).join('; '));
      throw validationError('One or more fields contain errors.', details);
    }
    try {
      return await this.apply(parsed.data, reportCausationId(parsed.data.reportId, raw), correlationId);
    } catch (error) {
      if (error instanceof DomainError) await this.refuse(correlationId, parsed.data, error.code, error.message);
      throw error;
    }
  }

  @Post('refused-reports')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Staff: the latest authentic planning-tool reports that were refused, newest first (orders outside the caller’s countries left out).',
  })
  @ApiResponse({ status: 200, standardSchema: RefusedJobReportListSchema })
  async refusedReports(
    @Auth() auth: AuthContext,
    @Body({ schema: RefusedReportsRequestSchema }) _body: z.infer<typeof RefusedReportsRequestSchema>,
  ): Promise<{ items: RefusedReport[] }> {
    if (!canActAsProvider(auth.actor) || auth.actor.onBehalfOf) throw forbidden("Only the provider's staff may see planning-tool reports.");
    const recorded = await this.runtime.eventStore.readStream(PLANNING_INBOX_STREAM);
    const latest = recorded
      .slice(-MAX_REFUSED_LISTED)
      .reverse()
      .map((event) => event.data as RefusedReport);
    const restricted = (auth.actor.countriesFilter ?? []).length > 0;
    if (!restricted) return { items: latest };
    // Staff limited to some countries see only refusals about orders they may see.
    const orderIds = [...new Set(latest.flatMap((r) => (r.orderId ? [r.orderId] : [])))];
    const visible = orderIds.length
      ? new Set(
          (
            await listOrders(this.runtime.documentStore, orderScopeOf(auth.actor), {
              page: 1,
              pageSize: orderIds.length,
              statuses: ORDER_STATUSES,
              orderIds,
              sort: { field: 'updatedAt', direction: 'desc' },
            })
          ).items.map((o) => o._id),
        )
      : new Set<string>();
    return { items: latest.filter((r) => r.orderId !== null && visible.has(r.orderId)) };
  }

  private async apply(report: JobReport, causationId: string, correlationId: string): Promise<JobReportOutcome> {
    const streamId = orderStreamId(report.orderId);
    if ((await this.runtime.eventStore.readStream(streamId, { toVersion: 1 })).length === 0) throw notFound('No order with this id.', 'order_not_found');
    await this.claim(report, causationId, correlationId);
    for (let attempt = 0; ; attempt++) {
      const history = await this.runtime.eventStore.readStream(streamId);
      const version = history.at(-1)!.streamVersion;
      const earlier = history.find((event) => event.metadata.causationId.startsWith(`${REPORT_CAUSATION_PREFIX}${report.reportId}:`));
      if (earlier) {
        if (earlier.metadata.causationId !== causationId) throw conflict('report_replayed', 'This report id was already used for a different report.');
        const state = foldStream(orderDecider, history);
        return { outcome: 'duplicate', orderId: report.orderId, version, status: state.status };
      }
      try {
        const result = await this.runner.run(orderDecider, {
          streamId,
          command: jobProgressCommand(report),
          actor: PLANNING_TOOL_ACTOR,
          expectedVersion: version,
          correlationId,
          causationId,
        });
        return { outcome: 'applied', orderId: report.orderId, version: result.version, status: result.state.status };
      } catch (error) {
        // Someone else wrote meanwhile (maybe this same report): look again.
        if (!(error instanceof VersionConflictError) || attempt >= CONFLICT_RETRIES) throw error;
      }
    }
  }

  /**
   * Binds the report id to this report (its order and body digest) before anything is applied, so an id can never
   * serve two reports, not even for two different orders. The same report again finds its own claim and goes on
   * (a retry after a crash between claim and apply is then applied, a repeat is a duplicate).
   */
  private async claim(report: JobReport, causationId: string, correlationId: string): Promise<void> {
    const streamId = reportClaimStreamId(report.reportId);
    for (let attempt = 0; ; attempt++) {
      const [claimed] = await this.runtime.eventStore.readStream(streamId, { toVersion: 1 });
      if (claimed) {
        if (claimed.metadata.causationId === causationId) return;
        const other = (claimed.data as { orderId?: string }).orderId;
        throw conflict(
          'report_replayed',
          other === report.orderId
            ? 'This report id was already used for a different report.'
            : 'This report id was already used for a report about another order.',
        );
      }
      const now = this.runtime.clock().toISOString();
      try {
        await this.runtime.eventStore.appendToStream(
          streamId,
          [
            {
              type: REPORT_CLAIMED,
              data: { reportId: report.reportId, orderId: report.orderId, jobId: report.jobId, step: report.step },
              metadata: { actorUserId: PLANNING_TOOL_ACTOR.userId, correlationId, causationId, occurredAt: now },
            },
          ],
          0,
        );
        return;
      } catch (error) {
        // Another request claimed the id meanwhile: read whose it is.
        if (!(error instanceof VersionConflictError) || attempt >= CONFLICT_RETRIES) throw error;
      }
    }
  }

  private async refuse(correlationId: string, body: unknown, code: string, message: string): Promise<void> {
    const field = (name: string) => {
      const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
      return typeof value === 'string' ? value.slice(0, 100) : null;
    };
    const now = this.runtime.clock().toISOString();
    const refused: RefusedReport = {
      reportId: field('reportId'),
      orderId: field('orderId'),
      step: field('step'),
      code,
      message: message.slice(0, 500),
      receivedAt: now,
    };
    await this.runtime.eventStore.appendToStream(
      PLANNING_INBOX_STREAM,
      [
        {
          type: REPORT_REFUSED,
          data: refused,
          metadata: { actorUserId: PLANNING_TOOL_ACTOR.userId, correlationId, causationId: correlationId, occurredAt: now },
        },
      ],
      'any',
    );
  }
}
