import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { canExportAuditEvidence, forbidden, type RecordedEvent } from '@onsite/domain';
import { type AuditExportRequest, AuditExportRequestSchema, type EvidencePackRequest, EvidencePackRequestSchema } from '@onsite/contracts';
import { findOrderDetail } from '@onsite/projections';
import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../common/request-context.js';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage.js';
import { Auth } from '../identity/auth.guard.js';
import { visibleOrder } from '../orders/order-detail.js';
import { orderScopeOf } from '../orders/order-scope.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { eventsOf, headerOf, writeAuditExport, type ExportScope } from './audit-export.js';
import { evidencePackOf, evidencePdf, type EvidencePack } from './evidence-pack.js';

const NDJSON = 'application/x-ndjson';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('audit')
export class AuditController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Post('export')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Auditors and staff administrators: the tamper-evident export (hash-chained NDJSON, streamed) of one order (`refId`) or of the order ' +
      "events that occurred in [from, to) in the caller's countries. Check it with `npm run audit:verify` (docs/audit.md).",
  })
  @ApiOkResponse({ description: 'NDJSON: a header, one record per event, an end record.', content: { [NDJSON]: { schema: { type: 'string' } } } })
  async export(@Auth() auth: AuthContext, @Body({ schema: AuditExportRequestSchema }) body: AuditExportRequest, @Res() reply: FastifyReply): Promise<void> {
    const { actor } = auth;
    if (!canExportAuditEvidence(actor)) throw forbidden('Only auditors and staff administrators may export audit evidence.');
    const store = this.runtime.documentStore;
    let scope: ExportScope;
    let keep: (e: RecordedEvent) => Promise<boolean>;
    if (body.refId) {
      const order = await visibleOrder(store, actor, { refId: body.refId });
      scope = { kind: 'order', orderId: order._id, refId: order.refId };
      keep = async () => true;
    } else {
      scope = { kind: 'range', ...(body.from ? { from: new Date(body.from).toISOString() } : {}), ...(body.to ? { to: new Date(body.to).toISOString() } : {}) };
      // Order events only, of the orders the caller may see (its countries); one look-up per order, remembered.
      const visible = new Map<string, boolean>();
      const orderScope = orderScopeOf(actor);
      keep = async (e) => {
        if (!e.streamId.startsWith('order-')) return false;
        const orderId = e.streamId.slice('order-'.length);
        let seen = visible.get(orderId);
        if (seen === undefined) visible.set(orderId, (seen = (await findOrderDetail(store, orderScope, { orderId })) !== null));
        return seen;
      };
    }
    const stream = new PassThrough();
    const name = body.refId ? `audit-${body.refId}` : 'audit-export';
    void reply
      .type(NDJSON)
      .header('content-disposition', `attachment; filename="${name}.ndjson"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
    try {
      const result = await writeAuditExport(eventsOf(this.runtime.storedEvents, scope, keep), headerOf(scope, this.runtime.clock()), async (line) => {
        if (stream.destroyed) throw new Error('The client went away.');
        if (!stream.write(line)) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
      });
      void result;
      stream.end();
    } catch (error) {
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }

  @Post('evidence')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The 'as accepted' evidence pack of an order (JSON, or a one-page PDF with `format: pdf`): the offer as shown with its document's SHA-256, " +
      'who accepted (and on whose behalf), PO, billing address, timestamps and the event chain up to the acceptance. Staff, auditors and the ' +
      "customer's admins; 404 for everyone else, 409 order_not_accepted before an acceptance.",
  })
  async evidence(@Auth() auth: AuthContext, @Body({ schema: EvidencePackRequestSchema }) body: EvidencePackRequest, @Res() reply: FastifyReply): Promise<void> {
    const pack: EvidencePack = await evidencePackOf(this.runtime, this.storage, auth.actor, body.refId);
    const fileName = `evidence-${pack.order.refId}.${body.format}`;
    await reply
      .type(body.format === 'pdf' ? 'application/pdf' : 'application/json')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(body.format === 'pdf' ? evidencePdf(pack) : JSON.stringify(pack, null, 2));
  }
}
