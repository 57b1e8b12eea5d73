import { DEFAULT_LANGUAGE } from './languages';

/** A text the api sends in every UI language: `{ en, de, pt }`. */
export type LocalizedText = Partial<Record<string, string | null | undefined>>;

/** The text in `language`, else English, else whatever exists (a plain string passes through). */
export function localized(text: LocalizedText | string | null | undefined, language: string): string {
  if (!text) return '';
  if (typeof text === 'string') return text;
  return text[language] || text[DEFAULT_LANGUAGE] || Object.values(text).find((value) => Boolean(value)) || '';
}
