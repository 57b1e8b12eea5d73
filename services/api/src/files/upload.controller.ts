import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { UploadReceiptSchema, type UploadReceipt } from '@onsite/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { FileUploads } from './uploads.js';

@ApiTags('files')
@ApiBearerAuth()
@Controller('file')
export class UploadController {
  constructor(private readonly uploads: FileUploads) {}

  @Post('upload')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Upload one file (PDF, PNG or JPEG, read from its content) as multipart/form-data, field `file`; answers an upload id.',
    description:
      'Commands take files by upload id (`{ "uploadId": … }`): only the uploader may use it, within an hour, and a command that is refused leaves it ' +
      'usable. Too large: 413 file_too_large (the limit is checked while the file is read); another type: 400 invalid_file_type; more uploads at once ' +
      'than a user may run: 429 too_many_uploads.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 200, standardSchema: UploadReceiptSchema })
  upload(@Auth() auth: AuthContext, @Req() request: FastifyRequest): Promise<UploadReceipt> {
    // The logged-in user owns the upload (staff acting for a customer included): commands check it against theirs.
    return this.uploads.receive(auth.actor.userId, request);
  }
}
