import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const positiveInt = z.coerce.number().int().positive();

/** Every variable the server reads. `.env.example` documents each of them. */
const ConfigShape = z.object({
    PROFILE: z.enum(['embedded', 'postgres', 'production']).default('embedded'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().url().optional(),
    DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
    REDIS_URL: z.string().url().optional(),
    WEB_DIST: z.string().min(1).default('web/dist'),
    SEED_DEMO: bool.optional(),
    SESSION_IDLE_MINUTES: positiveInt.default(120),
    SESSION_MAX_HOURS: positiveInt.default(12),
    MAX_UPLOAD_MB: positiveInt.default(20),
    MAX_JOB_WINDOW_DAYS: positiveInt.default(90),
    LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug']).default('log'),
});

const ConfigSchema = ConfigShape.superRefine((c, ctx) => {
    if (c.PROFILE === 'postgres' && !c.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'is required when PROFILE=postgres' });
    }
    if (c.PROFILE === 'production') {
      ctx.addIssue({ code: 'custom', path: ['PROFILE'], message: 'production (EventStoreDB + MongoDB) adapters are not available in this build yet' });
    }
  });

export type RawConfig = z.infer<typeof ConfigSchema>;

export interface AppConfig {
  readonly profile: 'embedded' | 'postgres';
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl?: string;
  readonly databaseSchema?: string;
  readonly webDist: string;
  readonly seedDemo: boolean;
  readonly sessionIdleMs: number;
  readonly sessionMaxMs: number;
  readonly maxUploadBytes: number;
  readonly maxJobWindowDays: number;
  readonly logLevel: RawConfig['LOG_LEVEL'];
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; throws ConfigError listing every bad key. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const keys = Object.keys(ConfigShape.shape) as (keyof RawConfig)[];
  const input: Record<string, string> = {};
  for (const key of keys) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = ConfigSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(config)'}: ${i.message}`));
  }
  const c = parsed.data;
  const profile = c.PROFILE === 'production' ? 'postgres' : c.PROFILE;
  return {
    profile,
    host: c.HOST,
    port: c.PORT,
    dataDir: resolve(cwd, c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    databaseSchema: c.DATABASE_SCHEMA,
    webDist: resolve(cwd, c.WEB_DIST),
    seedDemo: c.SEED_DEMO ?? profile === 'embedded',
    sessionIdleMs: c.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: c.SESSION_MAX_HOURS * 3_600_000,
    maxUploadBytes: c.MAX_UPLOAD_MB * 1024 * 1024,
    maxJobWindowDays: c.MAX_JOB_WINDOW_DAYS,
    logLevel: c.LOG_LEVEL,
  };
}
