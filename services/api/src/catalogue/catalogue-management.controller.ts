import { Body, Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  assertCatalogueId,
  canManageCatalogue,
  CATALOGUE_SEGMENTS_STREAM,
  CatalogueSegmentRefSchema,
  CatalogueServiceRefSchema,
  catalogueServiceStreamId,
  foldStream,
  forbidden,
  isStaff,
  ManagedSegmentSchema,
  ManagedServiceSchema,
  notFound,
  SegmentInputSchema,
  segmentsDecider,
  serviceDecider,
  ServiceInputSchema,
  type Actor,
  type ManagedSegmentView,
  type ManagedServiceView,
  type SegmentCommand,
  type ServiceCommand,
  validationError,
  DomainError,
  type ManagedService,
} from '@onsite/domain';
import { getManagedSegment, getManagedService, listManagedSegments, listManagedServices, readCatalogueHistory } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../common/command-runner.js';
import { CorrelationId } from '../common/correlation-id.js';
import { changesWithPeople } from '../common/change-history.js';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import {
  errorDetails,
  planPriceImport,
  PriceImportRequestSchema,
  PriceImportResultSchema,
  writePriceWorkbook,
  type PriceImportResult,
} from './catalogue-prices.js';
import { readSegmentsState } from './segments-state.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const person = z.object({ userId: z.string(), name: z.string().nullable() });
export const CATALOGUE_CHANGE_TYPES = [
  'CATALOGUE_SEGMENT_CREATED',
  'CATALOGUE_SEGMENT_CHANGED',
  'CATALOGUE_SEGMENT_RETIRED',
  'CATALOGUE_SERVICE_CREATED',
  'CATALOGUE_SERVICE_CHANGED',
  'CATALOGUE_SERVICE_PUBLISHED',
  'CATALOGUE_SERVICE_RETIRED',
] as const;
export const CatalogueChangeSchema = z
  .object({ at: z.string(), actor: person, onBehalfOf: person.optional(), type: z.enum(CATALOGUE_CHANGE_TYPES), data: z.record(z.string(), z.unknown()) })
  .meta({ id: 'CatalogueChange' });
type CatalogueChangeView = z.infer<typeof CatalogueChangeSchema>;

export const ManagedCatalogueSchema = z
  .object({ segments: z.array(ManagedSegmentSchema), services: z.array(ManagedServiceSchema) })
  .meta({ id: 'ManagedCatalogue' });

/** Staff only, as themselves: customers read the published catalogue of their country through `GET /catalogue`. */
function assertStaffReader(actor: Actor): void {
  if (!isStaff(actor) || actor.onBehalfOf) throw forbidden();
}

const segmentNotFound = () => notFound('There is no segment with this id.', 'segment_not_found');
const serviceNotFound = () => notFound('There is no service with this id.', 'service_not_found');

/**
 * The catalogue of the back office (D208): every staff member reads the segments and services in any status with
 * their history; staff administrators and sales staff create, change, publish and retire them, each change an event.
 */
@ApiTags('catalogue')
@ApiBearerAuth()
@Controller('catalogue')
export class CatalogueManagementController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  @Get('manage')
  @ApiOperation({ summary: 'Staff: every segment and service in any status (draft, published, retired), by id.' })
  @ApiResponse({ status: 200, standardSchema: ManagedCatalogueSchema })
  async manage(@Auth() auth: AuthContext): Promise<{ segments: ManagedSegmentView[]; services: ManagedServiceView[] }> {
    assertStaffReader(auth.actor);
    const [segments, services] = await Promise.all([listManagedSegments(this.runtime.documentStore), listManagedServices(this.runtime.documentStore)]);
    return { segments, services };
  }

  @Get('history/:kind/:id')
  @ApiOperation({ summary: "Staff: a segment's or service's changes, newest first, with who made each and when (kind: segment or service)." })
  @ApiResponse({ status: 200, standardSchema: z.array(CatalogueChangeSchema) })
  async history(@Auth() auth: AuthContext, @Param('kind') kind: string, @Param('id') id: string): Promise<CatalogueChangeView[]> {
    assertStaffReader(auth.actor);
    if (kind !== 'segment' && kind !== 'service') throw notFound();
    const changes = await readCatalogueHistory(this.runtime.documentStore, kind, assertCatalogueId(id));
    if (!changes) throw kind === 'segment' ? segmentNotFound() : serviceNotFound();
    return changesWithPeople(this.runtime.documentStore, changes);
  }

  @Post('segments/create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff administrators and sales: a new segment with its sub-segments (409 segment_exists when the id is taken).' })
  @ApiResponse({ status: 200, standardSchema: ManagedSegmentSchema })
  createSegment(
    @Auth() auth: AuthContext,
    @Body({ schema: SegmentInputSchema }) body: z.infer<typeof SegmentInputSchema>,
    @CorrelationId() correlationId: string,
  ) {
    return this.runSegment(auth.actor, body.id, { type: 'CreateSegment', data: body }, correlationId);
  }

  @Post('segments/change')
  @HttpCode(200)
  @ApiOperation({ summary: "Staff administrators and sales: a segment's names and sub-segments (the id stays)." })
  @ApiResponse({ status: 200, standardSchema: ManagedSegmentSchema })
  changeSegment(
    @Auth() auth: AuthContext,
    @Body({ schema: SegmentInputSchema }) body: z.infer<typeof SegmentInputSchema>,
    @CorrelationId() correlationId: string,
  ) {
    return this.runSegment(auth.actor, body.id, { type: 'ChangeSegment', data: body }, correlationId);
  }

  @Post('segments/retire')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff administrators and sales: retire a segment; the ordering form no longer lists it, its id stays taken.' })
  @ApiResponse({ status: 200, standardSchema: ManagedSegmentSchema })
  retireSegment(@Auth() auth: AuthContext, @Body({ schema: CatalogueSegmentRefSchema }) body: { id: string }, @CorrelationId() correlationId: string) {
    return this.runSegment(auth.actor, body.id, { type: 'RetireSegment', segmentId: body.id }, correlationId);
  }

  @Post('services/create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff administrators and sales: a new service as a draft (409 service_exists when the id is taken).' })
  @ApiResponse({ status: 200, standardSchema: ManagedServiceSchema })
  async createService(
    @Auth() auth: AuthContext,
    @Body({ schema: ServiceInputSchema }) body: z.infer<typeof ServiceInputSchema>,
    @CorrelationId() correlationId: string,
  ) {
    this.assertManager(auth.actor);
    return this.runService(auth.actor, body.id, { type: 'CreateService', data: body, segments: await readSegmentsState(this.runtime) }, correlationId);
  }

  @Post('services/change')
  @HttpCode(200)
  @ApiOperation({ summary: "Staff administrators and sales: a service's names, segments, countries, prices or equipment; orders placed before keep theirs." })
  @ApiResponse({ status: 200, standardSchema: ManagedServiceSchema })
  async changeService(
    @Auth() auth: AuthContext,
    @Body({ schema: ServiceInputSchema }) body: z.infer<typeof ServiceInputSchema>,
    @CorrelationId() correlationId: string,
  ) {
    this.assertManager(auth.actor);
    return this.runService(auth.actor, body.id, { type: 'ChangeService', data: body, segments: await readSegmentsState(this.runtime) }, correlationId);
  }

  @Post('services/publish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff administrators and sales: offer a service to customers of its countries.' })
  @ApiResponse({ status: 200, standardSchema: ManagedServiceSchema })
  publishService(@Auth() auth: AuthContext, @Body({ schema: CatalogueServiceRefSchema }) body: { id: string }, @CorrelationId() correlationId: string) {
    return this.runService(auth.actor, body.id, { type: 'PublishService', serviceId: body.id }, correlationId);
  }

  @Post('services/retire')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff administrators and sales: end the offer of a service; orders holding it keep it as ordered.' })
  @ApiResponse({ status: 200, standardSchema: ManagedServiceSchema })
  retireService(@Auth() auth: AuthContext, @Body({ schema: CatalogueServiceRefSchema }) body: { id: string }, @CorrelationId() correlationId: string) {
    return this.runService(auth.actor, body.id, { type: 'RetireService', serviceId: body.id }, correlationId);
  }

  @Post('prices/export')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: every managed service with its prices per currency (major units) as an Excel file, to change and import back.' })
  @ApiOkResponse({ description: 'An .xlsx file.', content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } } })
  async exportPrices(@Auth() auth: AuthContext, @Res() reply: FastifyReply): Promise<void> {
    assertStaffReader(auth.actor);
    const file = await writePriceWorkbook(await listManagedServices(this.runtime.documentStore));
    void reply
      .type(XLSX)
      .header('content-disposition', `attachment; filename="catalogue-prices-${this.runtime.clock().toISOString().slice(0, 10)}.xlsx"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file);
  }

  @Post('prices/import')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Staff administrators and sales: the prices of an exported spreadsheet, changed. `apply: false` answers every change and every row mistake; `apply: true` writes the changes (one CATALOGUE_SERVICE_CHANGED per service), or nothing at all when any row has a mistake (400 validation_error, details `rows.<row>.<column>`).',
  })
  @ApiResponse({ status: 200, standardSchema: PriceImportResultSchema })
  async importPrices(
    @Auth() auth: AuthContext,
    @Body({ schema: PriceImportRequestSchema }) body: z.infer<typeof PriceImportRequestSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<PriceImportResult> {
    this.assertManager(auth.actor);
    const current = new Map<string, ManagedService>(
      (await listManagedServices(this.runtime.documentStore)).map(({ status: _status, updatedAt: _at, ...service }) => [service.id, service]),
    );
    const plan = await planPriceImport(Buffer.from(body.file, 'base64'), current);
    if (!body.apply) return { changes: plan.changes, errors: plan.errors, applied: false };
    if (plan.errors.length > 0) throw validationError('The spreadsheet has mistakes; nothing was changed.', errorDetails(plan.errors));
    // Every change is decided first against its stream as it is, so a refusal (a segment retired meanwhile) writes nothing.
    const segments = await readSegmentsState(this.runtime);
    const commands: { id: string; command: ServiceCommand }[] = [];
    for (const [id, service] of plan.services) {
      const data = ServiceInputSchema.parse(service);
      const command: ServiceCommand = { type: 'ChangeService', data, segments };
      const state = foldStream(serviceDecider, await this.runtime.eventStore.readStream(catalogueServiceStreamId(id)));
      try {
        serviceDecider.decide(command, state, { actor: auth.actor, now: this.runtime.clock().toISOString() } as never);
      } catch (error) {
        if (error instanceof DomainError)
          throw validationError(`${id}: ${error.message} Nothing was changed.`, [{ path: `rows.${id}`, code: error.code, message: error.message }]);
        throw error;
      }
      commands.push({ id, command });
    }
    for (const { id, command } of commands)
      await this.runner.run(serviceDecider, { streamId: catalogueServiceStreamId(id), actor: auth.actor, correlationId, command });
    return { changes: plan.changes, errors: [], applied: true };
  }

  /** Refused before the segments are read (the decider refuses again). */
  private assertManager(actor: Actor): void {
    if (!canManageCatalogue(actor)) throw forbidden('Only staff administrators and sales staff change the catalogue.');
  }

  /** Decided on the segments' stream as read: of two concurrent conflicting changes, exactly one is appended. */
  private async runSegment(actor: Actor, id: string, command: SegmentCommand, correlationId: string): Promise<ManagedSegmentView> {
    await this.runner.run(segmentsDecider, { streamId: CATALOGUE_SEGMENTS_STREAM, actor, correlationId, command });
    const segment = await getManagedSegment(this.runtime.documentStore, id);
    if (!segment) throw segmentNotFound();
    return segment;
  }

  private async runService(actor: Actor, id: string, command: ServiceCommand, correlationId: string): Promise<ManagedServiceView> {
    await this.runner.run(serviceDecider, { streamId: catalogueServiceStreamId(id), actor, correlationId, command });
    const service = await getManagedService(this.runtime.documentStore, id);
    if (!service) throw serviceNotFound();
    return service;
  }
}
