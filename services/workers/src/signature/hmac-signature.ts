import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one signature scheme of Onsite's machine-to-machine HTTP, both ways: the planning tool signs its job-progress
 * reports to us, and we sign our webhook deliveries to customers. Header `Onsite-Signature: t=<unix seconds>,v1=<hex>`,
 * where v1 is HMAC-SHA256 with the shared secret over `<t>.<raw request body>`. While a secret is being rotated the
 * header carries one `v1=` entry per secret that signs; a receiver accepts the message when any entry matches.
 */
export const SIGNATURE_HEADER = 'onsite-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function mac(secret: string, timestampSeconds: number | string, rawBody: string | Buffer): Buffer {
  return createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest();
}

/** `t=<t>,v1=<hex>[,v1=<hex>…]`, one entry per secret, in the order given. */
export function signatureHeader(secrets: readonly string[], timestampSeconds: number, rawBody: string | Buffer): string {
  return [`t=${timestampSeconds}`, ...secrets.map((secret) => `v1=${mac(secret, timestampSeconds, rawBody).toString('hex')}`)].join(',');
}

export type SignatureCheck = { readonly ok: true } | { readonly ok: false; readonly reason: 'invalid_signature' | 'stale_report' };

/** Whether `header` signs `rawBody` with `secret` (any of its v1 entries), within the tolerance of `nowMs`. */
export function checkSignature(secret: string, header: string | undefined, rawBody: Buffer, nowMs: number): SignatureCheck {
  const entries = (header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]);
  const ts = entries.filter(([key]) => key === 't');
  const t = ts.length === 1 ? ts[0]![1] : undefined;
  const signatures = entries.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  // The timestamp as the signer writes it (no leading zeros): the MAC covers that text, so no other spelling matches.
  if (!t || !/^(?:0|[1-9]\d{0,11})$/.test(t) || signatures.length === 0 || signatures.some((v1) => !/^[0-9a-f]{64}$/.test(v1))) {
    return { ok: false, reason: 'invalid_signature' };
  }
  const expected = mac(secret, t, rawBody);
  if (!signatures.some((v1) => timingSafeEqual(expected, Buffer.from(v1, 'hex')))) return { ok: false, reason: 'invalid_signature' };
  if (Math.abs(nowMs / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale_report' };
  return { ok: true };
}
