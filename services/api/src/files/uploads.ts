import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, validationError, type FileUpload, type OrderFile, type OrderFileMimeType } from '@onsite/domain';
import { type UploadReceipt } from '@onsite/contracts';
import type { DocumentStore } from '@onsite/infrastructure';
import { VersionConflictError } from '@onsite/infrastructure';
import type { FastifyRequest } from 'fastify';
import { RUNTIME, type Runtime } from '../runtime.js';
import { cleanFileName } from './file-name.js';
import { EXTENSION_OF, FILE_STORAGE, type FileStorage } from './file-storage.js';
import { sniffFileType } from './file-type.js';

/** An upload at a place in the request (e.g. `attachments.1`), for error details. */
interface PlacedUpload {
  readonly upload: FileUpload;
  readonly path: string;
}

/** Resolves the upload ids of a command to the files they name, in the same order. */
export type StoreUploads = (uploads: readonly PlacedUpload[]) => Promise<OrderFile[]>;

/** A received file, waiting for the command that uses it (D128). */
interface UploadDoc {
  readonly userId: string;
  readonly path: string;
  readonly name: string;
  readonly mimeType: OrderFileMimeType;
  readonly size: number;
  readonly expiresAt: string;
}

const UPLOADS = 'uploads';
/** How long an upload waits for its command before it and its file are removed. */
export const UPLOAD_LIFETIME_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;
/** The longest magic number sniffFileType compares. */
const HEAD_BYTES = 8;

/** A command refused with a reason, as opposed to a failure that may come after its events were appended. */
function isRefusal(error: unknown): boolean {
  return error instanceof DomainError || error instanceof VersionConflictError;
}

/** @fastify/multipart's errors, by code, as the api's answers. */
function uploadError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const message = `Maximum file size is ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} Mb`;
    return new DomainError('file_too_large', 'too_large', message, [{ path: 'file', code: 'file_too_large', message }]);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return validationError('Send the file as multipart/form-data, in a field named file.', [
      { path: 'file', code: 'multipart_required', message: 'Send the file as multipart/form-data.' },
    ]);
  if (typeof code === 'string' && /^FST_(FILES|PARTS|FIELDS)_LIMIT$/.test(code))
    return validationError('Send one file per request.', [{ path: 'file', code: 'one_file', message: 'Send one file per request.' }]);
  return error;
}

/**
 * File uploads in two steps (D128): `receive` streams one multipart file to storage (the size limit enforced while
 * reading, the type read from the content) and records it as an upload of the user, valid for an hour; a command then
 * names it by id, and `storingFor` resolves the ids and claims the uploads once the command went through. A refused
 * command leaves its uploads usable; uploads no command claimed are removed with their files when they expire.
 */
@Injectable()
export class FileUploads {
  /** Uploads in progress per user, against UPLOADS_PER_USER. */
  private readonly inProgress = new Map<string, number>();
  private lastSweep = 0;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  static async ensure(store: DocumentStore): Promise<void> {
    await store.ensureCollection({ name: UPLOADS });
  }

  private get uploads() {
    return this.runtime.documentStore.collection<UploadDoc>(UPLOADS);
  }

  /** Reads the one file of a multipart request into storage and records it as an upload of `userId`. */
  async receive(userId: string, request: FastifyRequest): Promise<UploadReceipt> {
    const running = this.inProgress.get(userId) ?? 0;
    if (running >= this.runtime.config.uploadsPerUser) {
      throw new DomainError('too_many_uploads', 'throttled', `At most ${this.runtime.config.uploadsPerUser} uploads at once: wait for the others to finish.`);
    }
    this.inProgress.set(userId, running + 1);
    try {
      await this.sweep();
      return await this.receiveNow(userId, request);
    } catch (error) {
      throw uploadError(error, this.runtime.config.maxUploadBytes);
    } finally {
      const left = (this.inProgress.get(userId) ?? 1) - 1;
      if (left > 0) this.inProgress.set(userId, left);
      else this.inProgress.delete(userId);
    }
  }

  private async receiveNow(userId: string, request: FastifyRequest): Promise<UploadReceipt> {
    const part = request.isMultipart() ? await request.file() : undefined;
    if (!part)
      throw validationError('Send the file as multipart/form-data, in a field named file.', [
        { path: 'file', code: 'required', message: 'This field is required.' },
      ]);
    // The first bytes tell the type; the rest is written to storage as it arrives.
    const chunks = part.file[Symbol.asyncIterator]();
    const head: Buffer[] = [];
    let headLength = 0;
    let ended = false;
    while (headLength < HEAD_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value as Buffer);
      headLength += (next.value as Buffer).length;
    }
    const mimeType = sniffFileType(Buffer.concat(head));
    if (!mimeType) {
      // Read to the end (at most the size limit), so that the client hears the answer instead of a reset.
      while (!ended) ended = (await chunks.next()).done === true;
      const message = 'Only PDF, PNG and JPEG files are accepted.';
      throw validationError(message, [{ path: 'file', code: 'invalid_file_type', message }], 'invalid_file_type');
    }
    async function* whole(): AsyncGenerator<Uint8Array> {
      yield* head;
      if (ended) return;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value as Buffer;
    }
    const { path, size } = await this.storage.saveStream(whole(), mimeType);
    if (part.file.truncated) {
      await this.storage.delete(path);
      throw uploadError({ code: 'FST_REQ_FILE_TOO_LARGE' }, this.runtime.config.maxUploadBytes);
    }
    const uploadId = randomUUID();
    const expiresAt = new Date(this.runtime.clock().getTime() + UPLOAD_LIFETIME_MS).toISOString();
    const name = cleanFileName(part.filename, `file.${EXTENSION_OF[mimeType]}`);
    await this.uploads.upsert(uploadId, { userId, path, name, mimeType, size, expiresAt }, 1);
    return { uploadId, name, mimeType, size, expiresAt };
  }

  /**
   * Runs the work of one command with a `store` that resolves its upload ids (the actor's own, unexpired): the
   * uploads are claimed once the command went through, and left usable when it was refused.
   */
  async storingFor<T>(userId: string, work: (store: StoreUploads) => Promise<T>): Promise<T> {
    const used: string[] = [];
    const store: StoreUploads = async (uploads) => {
      const now = this.runtime.clock().toISOString();
      const found = await Promise.all(uploads.map(({ upload }) => this.uploads.get(upload.uploadId)));
      return uploads.map(({ upload, path }, i) => {
        const doc = found[i]?.data;
        if (!doc || doc.userId !== userId || doc.expiresAt <= now) {
          const message = 'This upload does not exist or has expired: upload the file again.';
          throw validationError(message, [{ path: `${path}.uploadId`, code: 'upload_not_found', message }]);
        }
        used.push(upload.uploadId);
        return { path: doc.path, name: doc.name, mimeType: doc.mimeType };
      });
    };
    try {
      const result = await work(store);
      await this.claim(used);
      return result;
    } catch (error) {
      // Other failures may come after the events were appended, which then refer to the files: those are claimed.
      if (!isRefusal(error)) await this.claim(used);
      throw error;
    }
  }

  private async claim(uploadIds: readonly string[]): Promise<void> {
    await Promise.allSettled(uploadIds.map((id) => this.uploads.delete(id)));
  }

  /** Removes the uploads no command claimed in time, and their files (at most every ten minutes). */
  private async sweep(): Promise<void> {
    const now = this.runtime.clock().getTime();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    const expired = await this.uploads.findDocuments({ filter: { expiresAt: { lte: new Date(now).toISOString(), date: true } }, limit: 500 });
    for (const { id, data } of expired) if (await this.uploads.delete(id)) await this.storage.delete(data.path);
  }
}
