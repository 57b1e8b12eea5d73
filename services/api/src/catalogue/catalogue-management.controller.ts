import { Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { assertCatalogueId, forbidden, isStaff, notFound, type Actor } from '@onsite/domain';
import { CatalogueChangeSchema, ManagedCatalogueSchema, type CatalogueChange, type ManagedCatalogue } from '@onsite/contracts';
import { listManagedSegments, listManagedServices, readCatalogueHistory } from '@onsite/projections';
import { z } from 'zod';
import { changesWithPeople } from '../common/change-history.js';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { writePriceWorkbook } from './catalogue-prices.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Staff only, as themselves: customers read the published catalogue of their country through `GET /catalogue`. */
function assertStaffReader(actor: Actor): void {
  if (!isStaff(actor) || actor.onBehalfOf) throw forbidden();
}

const segmentNotFound = () => notFound('There is no segment with this id.', 'segment_not_found');
const serviceNotFound = () => notFound('There is no service with this id.', 'service_not_found');

/**
 * The catalogue of the back office (D208): every staff member reads the segments and services in any status with
 * their history, and export the prices as a spreadsheet; staff administrators and sales staff change them through
 * the catalogue's use cases (catalogue-use-cases.ts), the price import included.
 */
@ApiTags('catalogue')
@ApiBearerAuth()
@Controller('catalogue')
export class CatalogueManagementController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get('manage')
  @ApiOperation({ summary: 'Staff: every segment and service in any status (draft, published, retired), by id.' })
  @ApiResponse({ status: 200, standardSchema: ManagedCatalogueSchema })
  async manage(@Auth() auth: AuthContext): Promise<ManagedCatalogue> {
    assertStaffReader(auth.actor);
    const [segments, services] = await Promise.all([listManagedSegments(this.runtime.documentStore), listManagedServices(this.runtime.documentStore)]);
    return { segments, services };
  }

  @Get('history/:kind/:id')
  @ApiOperation({ summary: "Staff: a segment's or service's changes, newest first, with who made each and when (kind: segment or service)." })
  @ApiResponse({ status: 200, standardSchema: z.array(CatalogueChangeSchema) })
  async history(@Auth() auth: AuthContext, @Param('kind') kind: string, @Param('id') id: string): Promise<CatalogueChange[]> {
    assertStaffReader(auth.actor);
    if (kind !== 'segment' && kind !== 'service') throw notFound();
    const changes = await readCatalogueHistory(this.runtime.documentStore, kind, assertCatalogueId(id));
    if (!changes) throw kind === 'segment' ? segmentNotFound() : serviceNotFound();
    return changesWithPeople(this.runtime.documentStore, changes);
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
}
