export interface NumberRules {
  allowDecimal?: boolean;
  allowNegative?: boolean;
}

/**
 * What a number text field keeps of typed text (spec section 5): digits, one decimal separator (`.` or `,`)
 * if allowed, a leading minus if allowed.
 */
export function sanitizeNumberText(text: string, { allowDecimal = false, allowNegative = false }: NumberRules = {}): string {
  let out = '';
  let separator = false;
  for (const [index, char] of [...text].entries()) {
    if (/\d/.test(char)) out += char;
    else if ((char === '.' || char === ',') && allowDecimal && !separator) {
      separator = true;
      out += char;
    } else if (char === '-' && allowNegative && index === 0) out += char;
  }
  return out;
}

/** A paste is taken only when it is a number as a whole. */
export function isNumericPaste(text: string, rules: NumberRules = {}): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && sanitizeNumberText(trimmed, rules) === trimmed && /\d/.test(trimmed);
}

export function clamp(value: number, min?: number, max?: number): number {
  let out = value;
  if (min !== undefined) out = Math.max(min, out);
  if (max !== undefined) out = Math.min(max, out);
  return out;
}

export function parseNumberText(text: string): number | null {
  if (text === '' || text === '-') return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}
