import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { forbidden, notFound, type Actor } from '@onsite/domain';
import { type DownloadFileQuery, DownloadFileQuerySchema, type GetFileRequest, GetFileRequestSchema } from '@onsite/contracts';
import { findOrderFile } from '@onsite/projections';
import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../common/request-context.js';
import { Auth, Public } from '../identity/auth.guard.js';
import { orderScopeOf } from '../orders/order-scope.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { FileLinks } from './file-links.js';
import { FILE_STORAGE, mimeTypeOfPath, type FileStorage } from './file-storage.js';

class GetFileQuery {
  constructor(
    readonly actor: Actor,
    readonly path: string,
  ) {}
}

@QueryHandler(GetFileQuery)
export class GetFileHandler implements IQueryHandler<GetFileQuery, string[]> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly links: FileLinks,
  ) {}

  async execute({ actor, path }: GetFileQuery): Promise<string[]> {
    const found = await findOrderFile(this.runtime.documentStore, orderScopeOf(actor), path);
    if (!found) throw notFound('You do not have access to this file, or it does not exist.');
    return [this.links.linkTo(found.file)];
  }
}

@ApiTags('files')
@Controller('file')
export class FileController {
  constructor(
    private readonly queries: QueryBus,
    private readonly links: FileLinks,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Post('get')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'A short-lived download address of a file of an order the caller may see, as the only item of a list.' })
  get(@Auth() auth: AuthContext, @Body({ schema: GetFileRequestSchema }) body: GetFileRequest): Promise<string[]> {
    return this.queries.execute(new GetFileQuery(auth.actor, body.fileName));
  }

  @Public()
  @Get('download/:path')
  @ApiOperation({ summary: 'The bytes of a file, for an address from /file/get (it carries its own signed, expiring token).' })
  async download(@Param('path') path: string, @Query({ schema: DownloadFileQuerySchema }) query: DownloadFileQuery, @Res() reply: FastifyReply): Promise<void> {
    if (!this.links.verifies(path, query.name, query.token)) throw forbidden('This download link is invalid or has expired.', 'invalid_or_expired_token');
    const file = await this.storage.open(path);
    if (!file) throw notFound('The file does not exist.');
    await reply
      .type(mimeTypeOfPath(path) ?? 'application/octet-stream')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(query.name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file);
  }
}
