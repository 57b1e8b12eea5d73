import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ChangeManualSchema,
  forbidden,
  isStaff,
  LANGUAGES,
  ManagedManualSchema,
  manualDecider,
  ManualInputSchema,
  manualStreamId,
  notFound,
  RemoveManualSchema,
  validationError,
  type Actor,
  type ChangeManual,
  type ManagedManual,
  type ManualEntry,
  type ManualFile,
  type ManualInput,
} from '@onsite/domain';
import { listManagedManuals, readManualHistory } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../common/command-runner.js';
import { CorrelationId } from '../common/correlation-id.js';
import { changesWithPeople } from '../common/change-history.js';
import type { AuthContext } from '../common/request-context.js';
import { FileUploads, type StoreUploads } from '../files/uploads.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

const person = z.object({ userId: z.string(), name: z.string().nullable() });
export const ManualChangeSchema = z
  .object({ at: z.string(), actor: person, onBehalfOf: person.optional(), type: z.enum(['MANUAL_CREATED', 'MANUAL_CHANGED', 'MANUAL_REMOVED']) })
  .meta({ id: 'ManualChange' });
type ManualChangeView = z.infer<typeof ManualChangeSchema>;

const MANUAL_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

function assertStaffReader(actor: Actor): void {
  if (!isStaff(actor) || actor.onBehalfOf) throw forbidden();
}

/**
 * The manuals of the back office (D212): every staff member reads them with their history; staff administrators
 * create, change and remove them, each with a PDF per language (uploaded first, POST /api/file/upload). Customers read
 * them through `cms/manuals` and download them through `cms/manual-link`.
 */
@ApiTags('cms')
@ApiBearerAuth()
@Controller('help-content/manuals')
export class ManualsController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
    private readonly uploads: FileUploads,
  ) {}

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
  async history(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ManualChangeView[]> {
    assertStaffReader(auth.actor);
    if (!MANUAL_ID.test(id)) throw validationError('Not a manual id.');
    const changes = await readManualHistory(this.runtime.documentStore, id);
    if (!changes) throw notFound('There is no such manual.', 'manual_not_found');
    return changesWithPeople(this.runtime.documentStore, changes);
  }

  @Post('create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff administrators: a new manual with its PDF per language (the server gives it its id).' })
  @ApiResponse({ status: 200, standardSchema: ManagedManualSchema })
  create(@Auth() auth: AuthContext, @Body({ schema: ManualInputSchema }) body: ManualInput, @CorrelationId() correlationId: string): Promise<ManagedManual> {
    return this.save(auth.actor, { ...body, id: randomUUID() }, 'CreateManual', correlationId);
  }

  @Post('change')
  @HttpCode(200)
  @ApiOperation({ summary: "Staff administrators: a manual's texts, date or files (a new upload replaces a language's PDF; one left out is removed)." })
  @ApiResponse({ status: 200, standardSchema: ManagedManualSchema })
  change(@Auth() auth: AuthContext, @Body({ schema: ChangeManualSchema }) body: ChangeManual, @CorrelationId() correlationId: string): Promise<ManagedManual> {
    return this.save(auth.actor, body, 'ChangeManual', correlationId);
  }

  @Post('remove')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff administrators: remove a manual; customers no longer see it, its history stays.' })
  @ApiResponse({ status: 200, standardSchema: z.object({ id: z.string() }) })
  async remove(
    @Auth() auth: AuthContext,
    @Body({ schema: RemoveManualSchema }) body: z.infer<typeof RemoveManualSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<{ id: string }> {
    await this.runner.run(manualDecider, {
      streamId: manualStreamId(body.id),
      actor: auth.actor,
      correlationId,
      command: { type: 'RemoveManual', id: body.id },
    });
    return { id: body.id };
  }

  private async save(actor: Actor, body: ChangeManual, type: 'CreateManual' | 'ChangeManual', correlationId: string): Promise<ManagedManual> {
    const current = type === 'ChangeManual' ? (await listManagedManuals(this.runtime.documentStore)).find((m) => m.id === body.id) : undefined;
    if (type === 'ChangeManual' && !current) throw notFound('There is no such manual.', 'manual_not_found');
    await this.uploads.storingFor(actor.userId, async (store) => {
      const files = await this.resolveFiles(body, current, store);
      const { files: _input, ...texts } = body;
      const entry: ManualEntry = { ...texts, files };
      await this.runner.run(manualDecider, { streamId: manualStreamId(body.id), actor, correlationId, command: { type, entry } });
    });
    const found = (await listManagedManuals(this.runtime.documentStore)).find((m) => m.id === body.id);
    if (!found) throw notFound('There is no such manual.', 'manual_not_found');
    return found;
  }

  /**
   * Each language's file: a new upload, which must be a PDF, or the manual's own stored file kept as it is (a stored
   * path of anything else, an order's file for instance, is refused).
   */
  private async resolveFiles(body: ChangeManual, current: ManagedManual | undefined, store: StoreUploads): Promise<ManualEntry['files']> {
    const files: Partial<Record<(typeof LANGUAGES)[number], ManualFile>> = {};
    for (const language of LANGUAGES) {
      const given = body.files[language];
      if (!given) continue;
      const path = `files.${language}`;
      if ('uploadId' in given) {
        const [stored] = await store([{ upload: given, path }]);
        if (stored!.mimeType !== 'application/pdf') {
          const message = 'A manual is a PDF file.';
          throw validationError(message, [{ path, code: 'pdf_required', message }]);
        }
        files[language] = { path: stored!.path, name: stored!.name };
      } else {
        const own = current && Object.values(current.files).some((f) => f?.path === given.path);
        if (!own) {
          const message = "This file is not one of this manual's: upload it.";
          throw validationError(message, [{ path, code: 'upload_not_found', message }]);
        }
        files[language] = given;
      }
    }
    return files as ManualEntry['files'];
  }
}
