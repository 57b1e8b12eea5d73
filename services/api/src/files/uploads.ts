import { Inject, Injectable } from '@nestjs/common';
import { DomainError, validationError, type OrderFile, type OrderFileMimeType } from '@onsite/domain';
import { VersionConflictError } from '@onsite/infrastructure';
import { z } from 'zod';
import { RUNTIME, type Runtime } from '../runtime.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.js';
import { sniffFileType } from './file-type.js';

/** The most files one request may attach to one list (offer attachments, additional information). */
export const MAX_ATTACHMENTS = 20;

export const FileUploadSchema = z
  .object({
    base64: z.string().min(1, 'This field is required.'),
    name: z.string().trim().min(1, 'This field is required.').max(255),
    ext: z.string().max(20).optional(),
    mime: z.string().max(100).optional(),
    size: z.number().min(0).optional(),
  })
  .meta({
    id: 'FileUpload',
    description: 'A file sent in JSON: its base64 content (a data: URL prefix is allowed) and name. The type is read from the content (PDF, PNG or JPEG); ext, mime and size are informative.',
  });
export type FileUpload = z.infer<typeof FileUploadSchema>;

/** An upload at a place in the request (e.g. `attachments.1`), for error details. */
export interface PlacedUpload {
  readonly upload: FileUpload;
  readonly path: string;
}

/** An upload that passed every check and may be stored. */
export interface CheckedUpload {
  readonly name: string;
  readonly mimeType: OrderFileMimeType;
  readonly bytes: Buffer;
}

const DATA_URL_PREFIX = /^data:[^,]*;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** A refused command wrote no events, so the files stored for it are referenced nowhere. */
function isRefusal(error: unknown): boolean {
  return error instanceof DomainError || error instanceof VersionConflictError;
}

/**
 * Checks uploads (size, then the type the content shows) before anything is written, stores them under
 * server-generated names, and removes them again when the command they were stored for is refused.
 */
@Injectable()
export class FileUploads {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Every upload checked; throws 413 `file_too_large` or 400 `invalid_file_type` for the first that fails. */
  check(uploads: readonly PlacedUpload[]): CheckedUpload[] {
    return uploads.map((placed) => this.checkOne(placed));
  }

  /** Stores the checked uploads, then runs `work` with their file references; a refused `work` leaves no file behind. */
  async storeDuring<T>(uploads: readonly CheckedUpload[], work: (files: OrderFile[]) => Promise<T>): Promise<T> {
    const stored: OrderFile[] = [];
    try {
      for (const { bytes, name, mimeType } of uploads) stored.push({ path: await this.storage.save(bytes, mimeType), name, mimeType });
    } catch (error) {
      await this.remove(stored);
      throw error;
    }
    try {
      return await work(stored);
    } catch (error) {
      // Other failures may come after the events were appended, which then refer to the files: those stay.
      if (isRefusal(error)) await this.remove(stored);
      throw error;
    }
  }

  private async remove(files: readonly OrderFile[]): Promise<void> {
    await Promise.allSettled(files.map((file) => this.storage.delete(file.path)));
  }

  private checkOne({ upload, path }: PlacedUpload): CheckedUpload {
    const base64 = upload.base64.replace(DATA_URL_PREFIX, '');
    const limit = this.runtime.config.maxUploadBytes;
    if (decodedLength(base64) > limit) {
      const message = `Maximum file size is ${Math.round((limit / 1024 / 1024) * 10) / 10} Mb`;
      throw new DomainError('file_too_large', 'too_large', message, [{ path, code: 'file_too_large', message }]);
    }
    if (!BASE64.test(base64)) throw validationError('Error parsing file', [{ path: `${path}.base64`, code: 'invalid_base64', message: 'Error parsing file' }]);
    const bytes = Buffer.from(base64, 'base64');
    const mimeType = sniffFileType(bytes);
    if (!mimeType) {
      const message = 'Only PDF, PNG and JPEG files are accepted.';
      throw validationError(message, [{ path, code: 'invalid_file_type', message }], 'invalid_file_type');
    }
    return { name: upload.name, mimeType, bytes };
  }
}
