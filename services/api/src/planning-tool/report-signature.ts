import { createHash } from 'node:crypto';
import { checkSignature, SIGNATURE_HEADER, signatureHeader } from '@onsite/workers';

/**
 * The planning tool signs each job-progress report with the scheme our webhooks use outbound (`@onsite/workers`
 * hmac-signature): header `Onsite-Signature: t=<unix seconds>,v1=<hex>`, where v1 is HMAC-SHA256 with the shared
 * secret over `<t>.<raw request body>`. A report older or newer than five minutes is refused, so a captured request
 * cannot be replayed later; within the window the report id makes a repeat harmless.
 */
export { checkSignature, SIGNATURE_HEADER };

export function signReport(secret: string, timestampSeconds: number, rawBody: string | Buffer): string {
  return signatureHeader([secret], timestampSeconds, rawBody);
}

/** The causation id recorded on the order events a report caused: the report id and the body's digest. */
export function reportCausationId(reportId: string, rawBody: Buffer): string {
  return `${REPORT_CAUSATION_PREFIX}${reportId}:${createHash('sha256').update(rawBody).digest('hex').slice(0, 32)}`;
}
export const REPORT_CAUSATION_PREFIX = 'planning-report:';
