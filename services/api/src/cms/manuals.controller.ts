import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { forbidden, isStaff, notFound, validationError, type Actor } from '@onsite/domain';
import { ManagedManualSchema, type ManagedManual, ManualChangeSchema, type ManualChange } from '@onsite/contracts';
import { listManagedManuals, readManualHistory } from '@onsite/projections';
import { z } from 'zod';
import { changesWithPeople } from '../common/change-history.js';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

const MANUAL_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

function assertStaffReader(actor: Actor): void {
  if (!isStaff(actor) || actor.onBehalfOf) throw forbidden();
}

/**
 * The manuals of the back office (D212): every staff member reads them with their history; staff administrators
 * create, change and remove them (manual-use-cases.ts), each with a PDF per language. Customers read
 * them through `cms/manuals` and download them through `cms/manual-link`.
 */
@ApiTags('cms')
@ApiBearerAuth()
@Controller('help-content/manuals')
export class ManualsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get()
  @ApiOperation({ summary: 'Staff: every manual in every language, with the file of each language, as created.' })
  @ApiResponse({ status: 200, standardSchema: z.array(ManagedManualSchema) })
  list(@Auth() auth: AuthContext): Promise<ManagedManual[]> {
    assertStaffReader(auth.actor);
    return listManagedManuals(this.runtime.documentStore);
  }

  @Get('history/:id')
  @ApiOperation({ summary: "Staff: a manual's changes, newest first, with who made each and when." })
  @ApiResponse({ status: 200, standardSchema: z.array(ManualChangeSchema) })
  async history(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ManualChange[]> {
    assertStaffReader(auth.actor);
    if (!MANUAL_ID.test(id)) throw validationError('Not a manual id.');
    const changes = await readManualHistory(this.runtime.documentStore, id);
    if (!changes) throw notFound('There is no such manual.', 'manual_not_found');
    return changesWithPeople(this.runtime.documentStore, changes);
  }
}
