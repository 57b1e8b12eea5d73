import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const positiveInt = z.coerce.number().int().positive();

/** Every variable the server reads. `.env.example` documents each of them. */
const ConfigShape = z.object({
  PROFILE: z.enum(['embedded', 'postgres', 'production']).default('embedded'),
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  REDIS_URL: z.string().url().optional(),
  EVENTSTORE_URL: z
    .string()
    .regex(/^(esdb|kurrentdb|kdb)(\+discover)?:\/\//, 'must be an esdb:// connection string')
    .optional(),
  MONGODB_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// connection string')
    .optional(),
  MONGODB_DATABASE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/)
    .default('onsite'),
  RUN_WORKERS: bool.default(true),
  PROJECTIONS: z.enum(['all', 'lease', 'none']).optional(),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  PLANNING_TOOL_URL: z.string().url().optional(),
  GEOCODER_URL: z.string().url().optional(),
  GEOCODER_TIMEOUT_MS: positiveInt.default(3000),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+\/.*\{z\}.*\{x\}.*\{y\}/, 'must be a tile URL template with {z}, {x} and {y}')
    .refine((url) => tileOrigins(url).length > 0, 'must name a host')
    .optional(),
  MAP_ATTRIBUTION: z.string().min(1).optional(),
  UPDATES_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  EXPORT_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  EXPORT_BACKOFF_MS: z.coerce.number().int().min(1).max(600_000).default(1_000),
  /** Webhooks (D215): http:// and loopback endpoints allowed (development and tests; default: NODE_ENV=development). */
  WEBHOOK_ALLOW_LOOPBACK: bool.optional(),
  WEBHOOK_BACKOFF_MS: z.coerce.number().int().min(1).max(3_600_000).default(10_000),
  WEBHOOK_MAX_BACKOFF_MS: z.coerce.number().int().min(1).max(86_400_000).default(3_600_000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  PLANNING_TOOL_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  FILE_LINK_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ANTI_ROBOT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  UPDATES_MAX_PER_SESSION: positiveInt.default(8),
  UPDATES_MAX_STREAMS: positiveInt.default(2000),
  UPLOADS_PER_USER: positiveInt.default(2),
  WEB_DIST: z.string().min(1).default('web/dist'),
  SEED_DEMO: bool.optional(),
  SEED_DEMO_HISTORY: bool.optional(),
  SESSION_IDLE_MINUTES: positiveInt.default(120),
  SESSION_MAX_HOURS: positiveInt.default(12),
  MAX_UPLOAD_MB: positiveInt.default(20),
  MAX_JOB_WINDOW_DAYS: positiveInt.default(90),
  TRUST_PROXY: z
    .string()
    .regex(/^(false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, 'must be false, a hop count, or comma-separated addresses/CIDRs')
    .optional(),
  MAX_BODY_KB: positiveInt.default(256),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug']).default('log'),
  LOG_FORMAT: z.enum(['json', 'text']).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Onsite <no-reply@onsite.test>'),
  SMS_API_URL: z.string().url().optional(),
  WHATSAPP_API_URL: z.string().url().optional(),
  MESSAGING_API_KEY: z.string().min(1).optional(),
});

const ConfigSchema = ConfigShape.superRefine((c, ctx) => {
  if (c.PROFILE === 'postgres' && !c.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'is required when PROFILE=postgres' });
  }
  if (c.PROFILE === 'embedded' && c.PROJECTIONS !== undefined && c.PROJECTIONS !== 'all') {
    ctx.addIssue({ code: 'custom', path: ['PROJECTIONS'], message: 'must be all in the embedded profile (one process owns the data directory)' });
  }
  if (c.PROFILE === 'production') {
    for (const key of ['EVENTSTORE_URL', 'MONGODB_URL', 'REDIS_URL'] as const) {
      if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PROFILE=production' });
    }
  }
});

type RawConfig = z.infer<typeof ConfigSchema>;

/** The names of every variable the server reads. */
export const CONFIG_KEYS = Object.keys(ConfigShape.shape) as readonly (keyof RawConfig)[];

export interface AppConfig {
  readonly profile: 'embedded' | 'postgres' | 'production';
  /** The embedded profile listens on loopback only unless HOST says otherwise (docs/security.md). */
  readonly host: string;
  /** Which proxies' X-Forwarded-For to believe: none (false), the nearest N hops, or these addresses. */
  readonly trustProxy: false | number | string;
  /** Largest JSON body on every route (files are uploaded as multipart, up to maxUploadBytes). */
  readonly maxBodyBytes: number;
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl?: string;
  readonly databaseSchema?: string;
  readonly eventStoreUrl?: string;
  readonly mongoUrl?: string;
  readonly mongoDatabase: string;
  /** BullMQ on this Redis for the workers' jobs; without it jobs run on the in-process scheduler. */
  readonly redisUrl?: string;
  /** Run the workers (offer expiry, job-specification export) in this process. */
  readonly runWorkers: boolean;
  /**
   * Who runs the projections (D165, D166): `all` in this process, no lease (embedded); `lease`, every process competes
   * for each projection's lease and runs those it holds (postgres and production); `none`, this process only serves.
   */
  readonly projections: 'all' | 'lease' | 'none';
  /** The longest a command's answer waits for the read models to hold its events (read-your-writes). */
  readonly readYourWritesTimeoutMs: number;
  readonly planningToolUrl?: string;
  /** A Nominatim-compatible geocoding service, asked before the shipped gazetteer. */
  readonly geocoderUrl?: string;
  readonly geocoderTimeoutMs: number;
  /** A tile server drawn over the shipped basemap (a URL template) and its attribution; without one the basemap alone. */
  readonly mapTileUrl?: string;
  readonly mapAttribution?: string;
  /** Shared secret of the planning tool's signed job-progress reports; without it the inbound endpoint is off. */
  readonly planningToolSecret?: string;
  /** HTTP attempts of one job-specification export run, and the first backoff between them. */
  readonly exportAttempts: number;
  readonly exportBackoffMs: number;
  /** Webhook endpoints may be http:// on loopback (development and tests only), and the delivery backoff and timeout. */
  readonly webhookAllowLoopback: boolean;
  readonly webhookBackoffMs: number;
  readonly webhookMaxBackoffMs: number;
  readonly webhookTimeoutMs: number;
  /** How often a live-update stream sends its position and re-checks the session. */
  readonly updatesHeartbeatMs: number;
  /** Signs download links; set the same value on every api instance. */
  readonly fileLinkSecret?: string;
  /** Signs the registration form's anti-robot challenges; set the same value on every api instance. */
  readonly antiRobotSecret?: string;
  /** Open live-update streams at once: per session, and per server. */
  readonly updatesMaxPerSession: number;
  readonly updatesMaxStreams: number;
  /** File uploads one user may have in progress at once. */
  readonly uploadsPerUser: number;
  readonly webDist: string;
  readonly seedDemo: boolean;
  /** With the demo data, a year of order history in every status (made once, through the api). */
  readonly seedDemoHistory: boolean;
  readonly sessionIdleMs: number;
  readonly sessionMaxMs: number;
  readonly maxUploadBytes: number;
  readonly maxJobWindowDays: number;
  readonly logLevel: RawConfig['LOG_LEVEL'];
  /** One JSON object per log line, or lines for a person at a terminal (default: text embedded, json elsewhere). */
  readonly logFormat: 'json' | 'text';
  /** Prometheus metrics on a listener of their own (`GET /metrics` on this port and host); off when unset. */
  readonly metricsPort?: number;
  readonly metricsHost: string;
  /** Prometheus metrics at `/api/metrics` for this bearer token; without one that route does not exist. */
  readonly metricsToken?: string;
  /** Base of the links in messages (set-password, verification, reset). */
  readonly publicUrl: string;
  /** E-mail over SMTP when set; otherwise e-mails only reach the dev outbox. */
  readonly smtpUrl?: string;
  /** The dev outbox keeps copies of messages for staff to read: embedded profile without a real mail transport only. */
  readonly devOutbox: boolean;
  readonly mailFrom: string;
  readonly smsApiUrl?: string;
  readonly whatsappApiUrl?: string;
  readonly messagingApiKey?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; throws ConfigError listing every bad key. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const input: Record<string, string> = {};
  for (const key of CONFIG_KEYS) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = ConfigSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(config)'}: ${i.message}`));
  }
  const c = parsed.data;
  const profile = c.PROFILE;
  const host = c.HOST ?? (profile === 'embedded' ? '127.0.0.1' : '0.0.0.0');
  return {
    profile,
    host,
    trustProxy: trustProxyOf(c.TRUST_PROXY),
    maxBodyBytes: c.MAX_BODY_KB * 1024,
    port: c.PORT,
    // memory:// is PGlite's in-memory database, not a folder of the working directory.
    dataDir: c.DATA_DIR === 'memory://' ? c.DATA_DIR : resolve(cwd, c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    databaseSchema: c.DATABASE_SCHEMA,
    eventStoreUrl: c.EVENTSTORE_URL,
    mongoUrl: c.MONGODB_URL,
    mongoDatabase: c.MONGODB_DATABASE,
    // The embedded profile is one process with no services: its jobs always run in process.
    redisUrl: profile === 'embedded' ? undefined : c.REDIS_URL,
    runWorkers: c.RUN_WORKERS,
    projections: c.PROJECTIONS ?? (profile === 'embedded' ? 'all' : 'lease'),
    readYourWritesTimeoutMs: c.READ_YOUR_WRITES_TIMEOUT_MS,
    planningToolUrl: c.PLANNING_TOOL_URL,
    geocoderUrl: c.GEOCODER_URL,
    geocoderTimeoutMs: c.GEOCODER_TIMEOUT_MS,
    mapTileUrl: c.MAP_TILE_URL,
    mapAttribution: c.MAP_ATTRIBUTION,
    planningToolSecret: c.PLANNING_TOOL_SECRET,
    exportAttempts: c.EXPORT_ATTEMPTS,
    exportBackoffMs: c.EXPORT_BACKOFF_MS,
    webhookAllowLoopback: c.WEBHOOK_ALLOW_LOOPBACK ?? env.NODE_ENV === 'development',
    webhookBackoffMs: c.WEBHOOK_BACKOFF_MS,
    webhookMaxBackoffMs: c.WEBHOOK_MAX_BACKOFF_MS,
    webhookTimeoutMs: c.WEBHOOK_TIMEOUT_MS,
    updatesHeartbeatMs: c.UPDATES_HEARTBEAT_MS,
    fileLinkSecret: c.FILE_LINK_SECRET,
    antiRobotSecret: c.ANTI_ROBOT_SECRET,
    updatesMaxPerSession: c.UPDATES_MAX_PER_SESSION,
    updatesMaxStreams: c.UPDATES_MAX_STREAMS,
    uploadsPerUser: c.UPLOADS_PER_USER,
    webDist: resolve(cwd, c.WEB_DIST),
    seedDemo: c.SEED_DEMO ?? profile === 'embedded',
    seedDemoHistory: (c.SEED_DEMO ?? profile === 'embedded') && (c.SEED_DEMO_HISTORY ?? true),
    sessionIdleMs: c.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: c.SESSION_MAX_HOURS * 3_600_000,
    maxUploadBytes: c.MAX_UPLOAD_MB * 1024 * 1024,
    maxJobWindowDays: c.MAX_JOB_WINDOW_DAYS,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT ?? (profile === 'embedded' ? 'text' : 'json'),
    metricsPort: c.METRICS_PORT,
    // Loopback unless said otherwise: a scraper on the same host or a sidecar; HOST does not widen it.
    metricsHost: c.METRICS_HOST ?? '127.0.0.1',
    metricsToken: c.METRICS_TOKEN,
    publicUrl: (c.PUBLIC_URL ?? defaultPublicUrl(host, c.PORT)).replace(/\/$/, ''),
    smtpUrl: c.SMTP_URL,
    devOutbox: profile === 'embedded' && !c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    smsApiUrl: c.SMS_API_URL,
    whatsappApiUrl: c.WHATSAPP_API_URL,
    messagingApiKey: c.MESSAGING_API_KEY,
  };
}

/** Off unless configured: a client must not choose the address the throttles count by. */
function trustProxyOf(value: string | undefined): false | number | string {
  if (value === undefined || value === 'false') return false;
  return /^\d+$/.test(value)
    ? Number(value)
    : value
        .split(',')
        .map((a) => a.trim())
        .join(',');
}

/** Without PUBLIC_URL, links in messages point at this server as a browser on the same machine reaches it. */
function defaultPublicUrl(host: string, port: number): string {
  return `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;
}

/**
 * The origins a tile URL template loads from (scheme, host and port), one per subdomain when the host holds Leaflet's
 * `{s}` (its default subdomains a, b and c): what the Content-Security-Policy lets images come from, never a wildcard.
 * Empty when the template names no valid host.
 */
export function tileOrigins(template: string): string[] {
  const subdomains = template.includes('{s}') ? ['a', 'b', 'c'] : [''];
  try {
    const origins = subdomains.map((subdomain) => new URL(template.replaceAll('{s}', subdomain).replace(/\{[a-z]+\}/g, '0')).origin);
    return [...new Set(origins)].filter((origin) => /^https?:\/\/[^*]+$/.test(origin));
  } catch {
    return [];
  }
}
