import 'reflect-metadata';
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { openRuntime, type OpenRuntime } from '../bootstrap.js';
import { loadConfig } from '../config/config.js';
import { createApp } from '../create-app.js';
import { DEMO_PASSWORD, seedDemoData } from '../seed/demo-seed.js';
import { ensureDemoManualFiles } from '../seed/demo-help.js';
import { FILE_STORAGE } from '../files/file-storage.js';

export interface TestResponse<T = unknown> {
  readonly status: number;
  readonly body: T & { data?: unknown; error?: string; message?: string; details?: { path: string; code: string; message: string }[]; token?: string };
}

export interface TestApp {
  readonly baseUrl: string;
  readonly runtime: OpenRuntime;
  readonly app: NestFastifyApplication;
  post<T = unknown>(path: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<TestResponse<T>>;
  get<T = unknown>(path: string, token?: string): Promise<TestResponse<T>>;
  /** Uploads one file as a browser form does (multipart, field `file`). */
  upload<T = unknown>(file: { bytes: Uint8Array; name: string; type: string }, token?: string): Promise<TestResponse<T>>;
  /** Logs a demo user in and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

async function readTemplate(file: string): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(file)]);
  } catch {
    return undefined;
  }
}

/** Written aside and renamed, so a server opening it meanwhile never reads half a file. */
async function writeTemplate(file: string, snapshot: Blob): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await snapshot.arrayBuffer()));
  await rename(partial, file);
}

/**
 * A real server on an ephemeral port over an in-memory PGlite store, seeded with the demo data.
 * Tests talk HTTP to it exactly as the console does.
 */
export async function startTestApp(env: Record<string, string> = {}, options: { clock?: () => Date; seed?: boolean } = {}): Promise<TestApp> {
  const seed = options.seed ?? true;
  const config = loadConfig({ PROFILE: 'embedded', DATA_DIR: 'memory://', WEB_DIST: '/nonexistent', LOG_LEVEL: 'error', ...env });
  // A seeded copy saves each server the empty database and the seeding (~8 s). Not with a pinned clock: the copy's
  // events carry the time they were seeded at.
  const templateFile = options.clock || !seed ? undefined : process.env.ONSITE_TEST_TEMPLATE;
  const template = templateFile ? await readTemplate(templateFile) : undefined;
  const runtime = await openRuntime(
    { ...config, dataDir: 'memory://' },
    { ...(options.clock ? { clock: options.clock } : {}), ...(template ? { template } : {}) },
  );
  if (seed) await seedDemoData(runtime);
  if (templateFile && !template && runtime.snapshot) await writeTemplate(templateFile, await runtime.snapshot());
  const app = await createApp(runtime);
  if (seed) await ensureDemoManualFiles(app.get(FILE_STORAGE));
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  const request = async <T>(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<TestResponse<T>> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as TestResponse<T>['body'] };
  };

  return {
    baseUrl,
    runtime,
    app,
    post: (path, body = {}, token, headers) => request('POST', path, body, token, headers),
    get: (path, token) => request('GET', path, undefined, token),
    async upload(file, token) {
      const form = new FormData();
      form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
      const response = await fetch(`${baseUrl}/api/file/upload`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : {} };
    },
    async login(email, password = DEMO_PASSWORD) {
      const r = await request<{ token: string }>('POST', '/api/log-in', { email, password });
      if (r.status !== 200 || typeof r.body.token !== 'string') throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.token;
    },
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}
