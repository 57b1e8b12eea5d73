import { Inject, Injectable } from '@nestjs/common';
import { DomainError, validationError, type FileUpload, type OrderFile, type OrderFileMimeType } from '@onsite/domain';
import { VersionConflictError } from '@onsite/infrastructure';
import { RUNTIME, type Runtime } from '../runtime.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.js';
import { sniffFileType } from './file-type.js';

/** An upload at a place in the request (e.g. `attachments.1`), for error details. */
interface PlacedUpload {
  readonly upload: FileUpload;
  readonly path: string;
}

/** Checks and stores uploads for a command, answering their file references in the same order. */
export type StoreUploads = (uploads: readonly PlacedUpload[]) => Promise<OrderFile[]>;

/** An upload that passed every check and may be stored. */
interface CheckedUpload {
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
  private check(uploads: readonly PlacedUpload[]): CheckedUpload[] {
    return uploads.map((placed) => this.checkOne(placed));
  }

  /**
   * Runs the work of one command with a `store` for its uploads (checked, then saved under server-generated names):
   * when the command is refused, every file stored for it is removed again.
   */
  async storingFor<T>(work: (store: StoreUploads) => Promise<T>): Promise<T> {
    const stored: OrderFile[] = [];
    const store: StoreUploads = async (uploads) => {
      const checked = this.check(uploads);
      const files: OrderFile[] = [];
      try {
        for (const { bytes, name, mimeType } of checked) files.push({ path: await this.storage.save(bytes, mimeType), name, mimeType });
      } catch (error) {
        await this.remove(files);
        throw error;
      }
      stored.push(...files);
      return files;
    };
    try {
      return await work(store);
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
