import { randomInt } from 'node:crypto';

// Crockford's base32 without I, L, O and U: unambiguous when read out on the phone.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A human order reference such as `ON-26-7K4M2Q`: the year and 30 random bits. */
export function newRefId(now: Date): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `ON-${String(now.getUTCFullYear()).slice(2)}-${code}`;
}
