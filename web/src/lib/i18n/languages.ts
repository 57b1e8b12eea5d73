import { DEFAULT_LANGUAGE, LANGUAGES, languageOf, type Language } from '@onsite/domain';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

const LANGUAGE_KEY = 'onsite.lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function saveLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode without storage: the URL still carries the language.
  }
}

function savedLanguage(): Language | null {
  try {
    const saved = window.localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(saved) ? saved : null;
  } catch {
    return null;
  }
}

/** The saved language, else the first browser language we support (de-AT → de, pt-PT → pt), else English. */
export function preferredLanguage(browserLanguages: readonly string[] = window.navigator.languages ?? []): Language {
  const saved = savedLanguage();
  if (saved) return saved;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** The native names of the language dropdown (the same in every UI language). */
export const NATIVE_LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', pt: 'Português (Brasil)' };

/** The language a signed-in user's URL is forced to: staff always English, others their country's. */
export function forcedLanguage(user: { type: string; country: string }): Language {
  return user.type === 'BL' ? DEFAULT_LANGUAGE : languageOf(user.country);
}
