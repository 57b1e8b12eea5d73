import type { LoggerService } from '@nestjs/common';
import { pino, stdTimeFunctions, type Logger as Pino, type Level } from 'pino';

export type LogLevelSetting = 'error' | 'warn' | 'log' | 'debug';
export type LogFormat = 'json' | 'text';

const PINO_LEVEL: Readonly<Record<LogLevelSetting, Level>> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

/**
 * Never written, whatever a caller hands the logger: credentials and tokens by name, wherever they sit in an
 * object logged (the api logs ids, never bodies or headers; this is the second line of defence).
 */
const REDACTED = ['password', 'token', 'authorization', 'cookie', 'secret', 'passwordHash', 'currentPassword', 'newPassword'];

export interface Logging {
  /** The process's pino logger: Fastify's request logger and, through `nest`, every Nest `Logger` line. */
  readonly pino: Pino;
  readonly nest: LoggerService;
}

const made = new Map<string, Logging>();

/**
 * One logger per level and format in this process (the lines before the app exists and those of the app are one
 * stream). `json`: one JSON object per line (`level`, `time`, `context`, `msg`, fields). `text`: the same lines
 * for a person reading a terminal.
 */
export function loggingFor(
  settings: { readonly logLevel: LogLevelSetting; readonly logFormat: LogFormat },
  destination?: { write(line: string): void },
): Logging {
  const key = `${settings.logLevel}/${settings.logFormat}`;
  const existing = destination ? undefined : made.get(key);
  if (existing) return existing;
  const options = {
    level: PINO_LEVEL[settings.logLevel],
    base: null,
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: REDACTED.flatMap((name) => [name, `*.${name}`]), censor: '[redacted]' },
  };
  const out = destination ?? (settings.logFormat === 'text' ? textLines(process.stdout) : undefined);
  const logger = out ? pino(options, out) : pino(options);
  const logging = { pino: logger, nest: new NestPinoLogger(logger) };
  if (!destination) made.set(key, logging);
  return logging;
}

/** Nest's `Logger` calls (`new Logger('workers').log(…)`) as pino lines with their context. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Pino) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes the context last, and an error's stack before it. */
  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const rest = [...params];
    const context = rest.length > 0 && typeof rest.at(-1) === 'string' && !isStack(rest.at(-1)) ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    for (const extra of rest) {
      if (typeof extra === 'string') fields.stack = extra;
      else if (extra instanceof Error) fields.err = extra;
    }
    if (message instanceof Error) this.logger[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.logger[level]({ ...fields, ...(message as object) });
    else this.logger[level](fields, String(message));
  }
}

const isStack = (value: unknown) => typeof value === 'string' && /\n\s+at /.test(value);

/** `text` format: `12:04:05.120 INFO  [context] message key=value …` and the stack, if any, below. */
function textLines(stream: NodeJS.WritableStream): { write(line: string): void } {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        stream.write(line);
        return;
      }
      const { level, time, context, msg, stack, err, ...fields } = entry;
      const clock = typeof time === 'string' ? time.slice(11, 23) : '';
      const extras = Object.entries(fields).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
      const head = `${clock} ${String(level).toUpperCase().padEnd(5)} ${context ? `[${String(context)}] ` : ''}${msg === undefined ? '' : String(msg)}`;
      const trace =
        typeof stack === 'string' ? `\n${stack}` : err && typeof err === 'object' && 'stack' in err ? `\n${String((err as { stack: unknown }).stack)}` : '';
      stream.write(`${[head, ...extras].join(' ')}${trace}\n`);
    },
  };
}
