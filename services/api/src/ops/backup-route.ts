import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STORAGE_PATH } from '../files/file-storage.js';
import type { Runtime } from '../runtime.js';
import { bytesEntry, DATABASE_ENTRY, fileEntry, MANIFEST_ENTRY, writeArchive, type ArchiveEntry, type BackupManifest } from './backup-archive.js';

export const BACKUP_ROUTE = '/api/ops/backup';
/** Beside the database in the data directory, readable by the server's user only: where `npm run backup` finds the server. */
export const BACKUP_ACCESS_FILE = 'backup-access.json';

export interface BackupAccess {
  readonly pid: number;
  /** The server's own address, as seen from the machine it runs on. */
  readonly url: string;
  /** 256 random bits, new at every start of the server. */
  readonly token: string;
}

/** Headers a proxy adds when it relays a request from elsewhere: such a request never reaches the backup. */
const RELAYED = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

const digest = (text: string) => createHash('sha256').update(text).digest();

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** A connection from the machine itself: from a loopback address, or from the very address it was made to. */
export function fromThisMachine(remoteAddress: string | undefined, localAddress: string | undefined): boolean {
  return isLoopback(remoteAddress) || (remoteAddress !== undefined && remoteAddress === localAddress);
}

/**
 * The backup of a running embedded server (D198): `POST /api/ops/backup` answers the archive of backup-archive.ts.
 * It exists only in the embedded profile on a data directory, and answers only a request that
 *
 * 1. comes from the machine itself (its peer is a loopback address, or the address it was made to), straight, not
 *    through a proxy (none of the forwarding headers),
 * 2. carries `Authorization: Bearer <token>`, the token this start wrote to `<DATA_DIR>/backup-access.json` (mode
 *    0600): whoever may read the data directory may back it up, nobody else.
 *
 * Every other request gets the 404 of a route that does not exist. One backup at a time (409 while one runs).
 */
export function serveBackupRoute(fastify: FastifyInstance, runtime: Runtime): void {
  const { config } = runtime;
  const snapshot = runtime.snapshot;
  if (config.profile !== 'embedded' || config.dataDir.startsWith('memory://') || !snapshot) return;
  const logger = new Logger('backup');
  const dataDir = config.dataDir;
  const accessFile = join(dataDir, BACKUP_ACCESS_FILE);
  const token = randomBytes(32).toString('base64url');
  const expected = digest(token);
  let running = false;

  const allowed = (request: FastifyRequest): boolean => {
    const socket = request.raw.socket;
    if (!fromThisMachine(socket.remoteAddress, socket.localAddress) || RELAYED.some((name) => request.headers[name] !== undefined)) return false;
    const header = request.headers.authorization;
    const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    return timingSafeEqual(digest(given), expected);
  };

  const answer = (request: FastifyRequest, reply: FastifyReply, status: number, error: string, message: string) =>
    reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send({ error, message, correlationId: (request as { correlationId?: string }).correlationId ?? 'none' });

  fastify.post(BACKUP_ROUTE, async (request, reply) => {
    if (!allowed(request)) return answer(request, reply, 404, 'not_found', 'Not found.');
    if (running) return answer(request, reply, 409, 'backup_in_progress', 'A backup is being taken: try again when it is done.');
    running = true;
    try {
      const takenAt = runtime.clock();
      const started = performance.now();
      const database = new Uint8Array(await (await snapshot()).arrayBuffer());
      const copyMs = Math.round(performance.now() - started);
      // After the copy: a file is stored before any event refers to it, and removed only when nothing does, so every
      // file the copy refers to is listed here.
      const root = join(dataDir, 'files');
      const names = (await readdir(root).catch(() => [] as string[])).filter((name) => STORAGE_PATH.test(name)).sort();
      const files: ArchiveEntry[] = [];
      for (const name of names) {
        const entry = await fileEntry(root, name).catch(() => null);
        if (entry) files.push(entry);
      }
      const manifest: BackupManifest = {
        format: 'onsite-backup',
        version: 1,
        profile: 'embedded',
        takenAt: takenAt.toISOString(),
        serverVersion: '2.27.315',
        files: files.length,
      };
      const entries = [bytesEntry(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2))), bytesEntry(DATABASE_ENTRY, database), ...files];
      const body = Readable.from(writeArchive(entries, takenAt));
      body.once('close', () => {
        running = false;
      });
      body.once('end', () =>
        logger.log(`Backup taken at ${manifest.takenAt}: database copied in ${copyMs} ms (${database.length} bytes), ${files.length} files`),
      );
      body.once('error', (error) => logger.error(`Backup failed: ${error.message}`));
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="onsite-backup-${manifest.takenAt.replace(/[:.]/g, '-')}.tar"`)
        .type('application/x-tar')
        .send(body);
    } catch (error) {
      running = false;
      throw error;
    }
  });

  fastify.addHook('onListen', async function () {
    const address = fastify.server.address() as AddressInfo | null;
    if (!address || typeof address !== 'object') return;
    const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
    const access: BackupAccess = { pid: process.pid, url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`, token };
    const partial = `${accessFile}.${randomUUID()}.partial`;
    await writeFile(partial, `${JSON.stringify(access)}\n`, { mode: 0o600, flag: 'wx' });
    await rename(partial, accessFile);
  });
  fastify.addHook('onClose', async () => {
    // Only this start's file: once the lock is released, the next owner of the directory may have written its own.
    const written = await readFile(accessFile, 'utf8').catch(() => '');
    if (written.includes(token)) await rm(accessFile, { force: true });
  });
}
