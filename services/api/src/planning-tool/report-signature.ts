import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The planning tool signs each job-progress report: header `Onsite-Signature: t=<unix seconds>,v1=<hex>`, where
 * v1 is HMAC-SHA256 with the shared secret over `<t>.<raw request body>`. A report older or newer than
 * SIGNATURE_TOLERANCE_SECONDS is refused, so a captured request cannot be replayed later; within the window the
 * report id makes a repeat harmless.
 */
export const SIGNATURE_HEADER = 'onsite-signature';
const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signReport(secret: string, timestampSeconds: number, rawBody: string | Buffer): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

type SignatureCheck = { readonly ok: true } | { readonly ok: false; readonly reason: 'invalid_signature' | 'stale_report' };

export function checkSignature(secret: string, header: string | undefined, rawBody: Buffer, nowMs: number): SignatureCheck {
  const parts = new Map((header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]));
  const t = parts.get('t');
  const v1 = parts.get('v1');
  // The timestamp as the signer writes it (no leading zeros): the MAC covers that text, so no other spelling matches.
  if (!t || !/^(?:0|[1-9]\d{0,11})$/.test(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return { ok: false, reason: 'invalid_signature' };
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  const sent = Buffer.from(v1, 'hex');
  if (sent.length !== expected.length || !timingSafeEqual(expected, sent)) return { ok: false, reason: 'invalid_signature' };
  if (Math.abs(nowMs / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale_report' };
  return { ok: true };
}

/** The causation id recorded on the order events a report caused: the report id and the body's digest. */
export function reportCausationId(reportId: string, rawBody: Buffer): string {
  return `${REPORT_CAUSATION_PREFIX}${reportId}:${createHash('sha256').update(rawBody).digest('hex').slice(0, 32)}`;
}
export const REPORT_CAUSATION_PREFIX = 'planning-report:';
