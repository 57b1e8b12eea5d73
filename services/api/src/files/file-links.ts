import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OrderFile } from '@onsite/domain';
import { sameSecret } from '../common/same-secret.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/** How long a download address works: long enough to open it, short enough that a shared link soon stops working. */
export const LINK_LIFETIME_MS = 5 * 60_000;

/**
 * Download addresses signed by this server. The console opens a file in a new window, which sends no bearer token,
 * so the address itself carries the proof that its caller was allowed to see the file: an HMAC over the path, the
 * display name and the expiry. The key is FILE_LINK_SECRET, shared by every api instance; without it, a random key
 * that lives as long as the process (enough for one instance).
 */
@Injectable()
export class FileLinks {
  private readonly key: Buffer;

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {
    const secret = runtime.config.fileLinkSecret;
    this.key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  linkTo(file: OrderFile): string {
    return `/api/file/download/${file.path}?${this.query(file.path, file.name)}`;
  }

  /** The query (`name` and `token`) of a signed address for `path`: a stored file, or a document the server renders. */
  query(path: string, name: string): string {
    const expiresAt = this.runtime.clock().getTime() + LINK_LIFETIME_MS;
    const token = `${expiresAt}.${this.signature(path, name, expiresAt)}`;
    return new URLSearchParams({ name, token }).toString();
  }

  /** Whether this server issued `token` for this path and name, and it has not expired. */
  verifies(path: string, name: string, token: string): boolean {
    const [expiry, signature] = token.split('.');
    const expiresAt = Number(expiry);
    if (!signature || !Number.isSafeInteger(expiresAt) || expiresAt < this.runtime.clock().getTime()) return false;
    return sameSecret(signature, this.signature(path, name, expiresAt));
  }

  private signature(path: string, name: string, expiresAt: number): string {
    return createHmac('sha256', this.key).update(`${path}\n${name}\n${expiresAt}`).digest('base64url');
  }
}
