import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../shared/countries.js';
import type { DomainEvent } from '../shared/metadata.js';
import type { ManualEntry } from './manual-management.js';

/**
 * The help area's content (help/faq and help/manuals, D31): questions with answers, manuals, the home banner. English
 * is required; German and Portuguese are optional and fall back to English where missing.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
/** A text in English, and in German and Portuguese where translated. */
const localizedSchema = (max: number) => z.object({ en: text(max), de: text(max).optional(), pt: text(max).optional() });
const idSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Lower-case letters, digits and hyphens.');

export const FaqEntrySchema = z.object({
  id: idSchema,
  /** The group a question is listed under (e.g. 'ordering'); the console translates it. */
  topic: z.enum(['ordering', 'offers', 'jobs', 'account']),
  question: localizedSchema(300),
  answer: localizedSchema(4000),
});
export type FaqEntry = z.infer<typeof FaqEntrySchema>;
export const FAQ_TOPICS = FaqEntrySchema.shape.topic.options;

export const ManualSchema = z.object({
  id: idSchema,
  title: localizedSchema(200),
  summary: localizedSchema(600),
  /** The manual's text, one paragraph an entry, per language; the file a customer downloads is made from it. */
  body: z.object({
    en: z.array(text(2000)).min(1).max(200),
    de: z.array(text(2000)).min(1).max(200).optional(),
    pt: z.array(text(2000)).min(1).max(200).optional(),
  }),
  /** `YYYY-MM-DD`: when this edition was issued. */
  issued: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type Manual = z.infer<typeof ManualSchema>;

/** The home page's hero banner for visitors. */
export const BannerSchema = z.object({ title: localizedSchema(120), text: localizedSchema(400) });
export type Banner = z.infer<typeof BannerSchema>;

export const HelpContentSchema = z
  .object({ faqs: z.array(FaqEntrySchema).max(500), manuals: z.array(ManualSchema).max(100), banner: BannerSchema.optional() })
  .meta({ id: 'HelpContent', description: "The portal's content (help questions, manuals, the home banner): it replaces what was published before." });
export type HelpContent = z.infer<typeof HelpContentSchema>;

/**
 * The whole help content as published before the questions (D205), the banner (D205) and the manuals (D212) were
 * managed one by one: no command writes it any more; stores seeded before keep their publications, which readers see
 * where no managed item has taken their place.
 */
export type HelpEvent = DomainEvent<'HELP_CONTENT_PUBLISHED', { readonly content: HelpContent }>;

/** The text in `language`, else in English (the fallback of every help text). */
export function inLanguage<T>(
  texts: { readonly en: T } & Partial<Record<Language, T>>,
  language: Language,
): { readonly value: T; readonly language: Language } {
  const own = texts[language];
  return own !== undefined ? { value: own, language } : { value: texts.en, language: DEFAULT_LANGUAGE };
}

export const HelpLanguageSchema = z.enum(LANGUAGES);

/** A question as a reader of `language` sees it; `language` says which one the text is in (English when untranslated). */
export const FaqViewSchema = z
  .object({ id: z.string(), topic: z.enum(FAQ_TOPICS), question: z.string(), answer: z.string(), language: HelpLanguageSchema })
  .meta({ id: 'Faq' });
export type FaqView = z.infer<typeof FaqViewSchema>;

export const ManualViewSchema = z
  .object({ id: z.string(), title: z.string(), summary: z.string(), issued: z.string(), language: HelpLanguageSchema })
  .meta({ id: 'ManualSummary' });
export type ManualView = z.infer<typeof ManualViewSchema>;

export const HelpListRequestSchema = z.object({
  lang: HelpLanguageSchema.default(DEFAULT_LANGUAGE),
  /** Words to look for in questions and answers (titles and summaries of manuals), case-insensitive. */
  search: z.string().trim().max(100).optional(),
});
export type HelpListRequest = z.infer<typeof HelpListRequestSchema>;

/** The banner as a visitor reading `language` sees it (English where untranslated); null when none is published. */
export const BannerViewSchema = z.object({ title: z.string(), text: z.string(), language: HelpLanguageSchema }).nullable().meta({ id: 'Banner' });
export type BannerView = z.infer<typeof BannerViewSchema>;

export function bannerView(banner: Banner | undefined, language: Language): BannerView {
  if (!banner) return null;
  const shown = inLanguage(banner.title, language).language === language && banner.text[language] !== undefined ? language : DEFAULT_LANGUAGE;
  return { title: inLanguage(banner.title, shown).value, text: inLanguage(banner.text, shown).value, language: shown };
}

export const ManualLinkRequestSchema = z.object({ manualId: idSchema, lang: HelpLanguageSchema.default(DEFAULT_LANGUAGE) }).meta({ id: 'ManualLinkRequest' });
export const ManualLinkSchema = z.object({ url: z.string(), language: HelpLanguageSchema }).meta({ id: 'ManualLink' });
export type ManualLink = z.infer<typeof ManualLinkSchema>;

/** Whether every word of `search` occurs in one of `texts` (case- and accent-insensitive). */
export function matchesSearch(search: string | undefined, texts: readonly string[]): boolean {
  if (!search) return true;
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const haystack = fold(texts.join('\n'));
  return fold(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export function faqView(entry: FaqEntry, language: Language): FaqView {
  const question = inLanguage(entry.question, language);
  // The question and its answer are shown in one language: English unless both are translated.
  const translated = question.language === language && entry.answer[language] !== undefined;
  const shown: Language = translated ? language : DEFAULT_LANGUAGE;
  return {
    id: entry.id,
    topic: entry.topic,
    question: inLanguage(entry.question, shown).value,
    answer: inLanguage(entry.answer, shown).value,
    language: shown,
  };
}

export function manualView(manual: Manual | ManualEntry, language: Language): ManualView {
  // The file's language decides the language of title and summary: an uploaded PDF's (D212), or the body's a file is made from.
  const shown = 'files' in manual ? (manual.files[language] ? language : DEFAULT_LANGUAGE) : inLanguage(manual.body, language).language;
  return {
    id: manual.id,
    title: inLanguage(manual.title, shown).value,
    summary: inLanguage(manual.summary, shown).value,
    issued: manual.issued,
    language: shown,
  };
}
