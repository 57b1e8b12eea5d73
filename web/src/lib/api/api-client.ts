import type { z } from 'zod';
import i18n from '../i18n/i18n';
import { API_FORM_ERROR_ID, notify } from '../notify';
import { onBehalfStore } from '../session/on-behalf';
import { isLoginPath, languageFromPath, paths } from '../paths';
import { clearSession, tokenStore } from '../session/token-store';

// zod parses the answers without compiling code (D149): its probe for `new Function` is a Content-Security-Policy
// violation (script-src has no 'unsafe-eval'), reported by the browser on every page even though zod catches it.
((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;

export const API_BASE = '/api';

/**
 * What the console sends to an endpoint whose request schema the domain defines (D65): the schema's input type, so
 * a field renamed, retyped or made required in the domain fails the console's type check. Types only: zod stays
 * off the first page.
 */
export type RequestBody<Schema extends z.ZodType> = z.input<Schema>;

/** A command on an existing order as a hook builds it: the hook adds the order's id and version, api-client the acted-for user. */
export type OrderCommandBody<Schema extends z.ZodType> = Omit<z.input<Schema>, 'orderId' | 'version' | 'onBehalfOfUserId'>;

export interface ApiErrorDetail {
  path: string;
  code: string;
  message: string;
}

/** A failed call as the api reports it: `{ error: code, message, details? }` plus the HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: readonly ApiErrorDetail[] = [],
  ) {
    super(message);
  }
}

export interface ApiRequestOptions<T> {
  /** POST with a JSON body unless said otherwise. */
  method?: 'GET' | 'POST';
  body?: unknown;
  /** A multipart form (a file upload) sent instead of the JSON body. */
  form?: FormData;
  /**
   * Validates the unwrapped `data`; a mismatch is reported as an `invalid_response` error. A promise (a schema in a
   * chunk still loading) is awaited only once the answer is there, so the request does not wait for the schema's code.
   */
  schema?: z.ZodType<T> | Promise<z.ZodType<T>>;
  signal?: AbortSignal;
  /** Error codes the caller shows itself (inline or as a page state): no notification for them. */
  handledErrors?: readonly string[] | 'all';
  /** Extra headers, e.g. `Idempotency-Key` on create commands. */
  headers?: Record<string, string>;
  /** When false, a 401 only rejects: used to probe a stored token from a public page. */
  redirectOnUnauthorized?: boolean;
}

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);

let agreementsRequired: () => void = () => undefined;

/**
 * What happens when the api answers that the user must accept an agreement first (a new version of the licence or
 * the privacy policy was published, D206): the app reads the profile again, and its agreement dialog asks.
 */
export function setAgreementsRequiredHandler(handler: () => void): void {
  agreementsRequired = handler;
}

/** The router registers itself so a 401 becomes a client-side navigation instead of a reload. */
export function setApiNavigator(navigator: Navigate): void {
  navigate = navigator;
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  // The body arrives after the headers: a query cancelled meanwhile (a newer refetch, a page left) stops reading it,
  // and that is the caller's own doing, never 'an unexpected answer'; a connection lost mid-body is a network error.
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    throw networkError(cause, options);
  }
  const payload = parseJson(text);
  if (!response.ok) throw failure(response.status, payload, options);

  if (isRecord(payload) && typeof payload.token === 'string' && payload.token) tokenStore.set(payload.token);
  const data = isRecord(payload) ? payload.data : undefined;
  if (!options.schema) return data as T;
  const schema = await options.schema;
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  console.error(`Unexpected response from ${path}`, parsed.error.issues);
  throw report(new ApiError(response.status, 'invalid_response', `Unexpected response from ${path}`), options);
}

/**
 * A file the api streams (e.g. an Excel export): POSTs like `apiRequest`, with the same error handling,
 * and returns the bytes with the file name the server gave.
 */
export async function apiDownload(
  path: string,
  options: Pick<ApiRequestOptions<never>, 'body' | 'signal' | 'handledErrors'> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(path, options);
  if (!response.ok) throw failure(response.status, parseJson(await response.text().catch(() => '')), options);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

/**
 * Sends a call with the session's token and, for staff acting for a customer, the acted-for user. The same request sent
 * by the server's page while the scripts loaded (D102) takes that answer instead, once; if it failed, it is sent now.
 */
async function send(path: string, options: ApiRequestOptions<unknown>, accept?: string): Promise<Response> {
  const method = options.method ?? 'POST';
  const headers: Record<string, string> = { ...(accept && { Accept: accept }), ...options.headers };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method === 'POST' && !options.form) headers['Content-Type'] = 'application/json';
  const actingFor = token ? onBehalfStore.userId() : null;
  const body = options.form ?? (method === 'POST' ? JSON.stringify(withOnBehalfBody(options.body ?? {}, actingFor)) : undefined);
  const ask = () =>
    fetch(`${API_BASE}${withOnBehalfQuery(path, method, actingFor)}`, { method, headers, body, credentials: 'same-origin', signal: options.signal });
  const early = token && !actingFor && typeof body === 'string' ? window.onsiteEarlyRequests?.take(path, body, token) : undefined;
  try {
    const response = await (early ? early.catch(ask) : ask());
    options.signal?.throwIfAborted();
    return response;
  } catch (cause) {
    throw networkError(cause, options);
  }
}

/** A call cancelled by its caller stays that; anything else that broke the exchange is `network_error`. */
function networkError(cause: unknown, options: ApiRequestOptions<unknown>): unknown {
  return options.signal?.aborted ? cause : report(new ApiError(0, 'network_error', 'The server could not be reached.'), options);
}

/** An answer that is not a success, as the error the caller gets; a 401 ends the session first. */
function failure(status: number, payload: unknown, options: ApiRequestOptions<unknown>): ApiError {
  const error = toApiError(status, payload);
  if (error.code === 'agreements_required') {
    // Not a failure to announce: the agreement dialog that follows says what to do.
    agreementsRequired();
    return error;
  }
  if (status !== 401) return report(error, options);
  endExpiredSession({ redirect: options.redirectOnUnauthorized !== false, announce: !isHandled(error, options) });
  return error;
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Staff acting for a customer: the acted-for user goes into every POST body unless the body names one. */
function withOnBehalfBody(body: unknown, userId: string | null): unknown {
  if (!userId || !isRecord(body) || 'onBehalfOfUserId' in body) return body;
  return { ...body, onBehalfOfUserId: userId };
}

/** ... and into the query of every GET. */
function withOnBehalfQuery(path: string, method: 'GET' | 'POST', userId: string | null): string {
  if (!userId || method !== 'GET' || /[?&]onBehalfOfUserId=/.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}onBehalfOfUserId=${encodeURIComponent(userId)}`;
}

/** The translated message for an error code: `error.<code>` when we have it, else the default text. */
export function errorMessage(code: string): string {
  const key = `error.${code}`;
  return /^[A-Za-z0-9_]+$/.test(code) && i18n.exists(key) ? i18n.t(key) : i18n.t('notification.defaultError');
}

/**
 * The translated message for a failed call: a refusal that names its reason (`forbidden` with a detail such as
 * `read_only`) is shown as that reason, `error.reason.<code>`; every other error by its code.
 */
export function messageOf(error: ApiError): string {
  const reason = error.code === 'forbidden' ? error.details.find((detail) => detail.path === '')?.code : undefined;
  if (reason && /^[a-z_]+$/.test(reason) && i18n.exists(`error.reason.${reason}`)) return i18n.t(`error.reason.${reason}`);
  return errorMessage(error.code);
}

function isHandled(error: ApiError, options: ApiRequestOptions<unknown>): boolean {
  return options.handledErrors === 'all' || Boolean(options.handledErrors?.includes(error.code));
}

function report(error: ApiError, options: ApiRequestOptions<unknown>): ApiError {
  // A refused input has one notification however often it is sent: the form's success removes it (clearFormError).
  if (!isHandled(error, options)) notify('error', messageOf(error), undefined, error.code === 'validation_error' ? { id: API_FORM_ERROR_ID } : {});
  return error;
}

/**
 * 401: the session is gone. Forget it, say so once (concurrent calls find no token left), and send the
 * user to login with a way back to where they were.
 */
function endExpiredSession({ redirect, announce }: { redirect: boolean; announce: boolean }): void {
  const hadSession = tokenStore.get() !== null;
  clearSession();
  if (hadSession && announce) notify('error', i18n.t('error.session_expired'));
  const { pathname, search } = window.location;
  if (redirect && !isLoginPath(pathname)) navigate(paths.login(languageFromPath(pathname), pathname + search));
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  const body = isRecord(payload) ? payload : {};
  const code = typeof body.error === 'string' && body.error ? body.error : status >= 500 ? 'server_error' : `http_${status}`;
  const message = typeof body.message === 'string' ? body.message : `Request failed with status ${status}`;
  const details = Array.isArray(body.details) ? body.details.flatMap(toDetail) : [];
  return new ApiError(status, code, message, details);
}

/** Accepts `path` as `a.b.0` or as `['a', 'b', 0]` and always hands out the dotted form. */
function toDetail(value: unknown): ApiErrorDetail[] {
  if (!isRecord(value)) return [];
  const path = Array.isArray(value.path) ? value.path.join('.') : value.path;
  if (typeof path !== 'string') return [];
  return [{ path, code: String(value.code ?? ''), message: String(value.message ?? '') }];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
