import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a signature or token the client sent is, character for character, the one the server made, compared in
 * constant time. As text, not decoded: another spelling of the same bytes is a forgery.
 */
export function sameSecret(given: string, expected: string): boolean {
  const sent = Buffer.from(given);
  const made = Buffer.from(expected);
  return sent.length === made.length && timingSafeEqual(sent, made);
}
