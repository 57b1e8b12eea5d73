import type { Language } from '@onsite/domain';

/** A name in the reader's language, English where it has no translation. */
export const localizedName = (texts: { en: string } & Partial<Record<Language, string>>, language: Language): string => texts[language] || texts.en;
