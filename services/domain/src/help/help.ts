import { z } from 'zod';
import { DEFAULT_LANGUAGE, type Language } from '../shared/countries.js';
import type { DomainEvent } from '../shared/metadata.js';

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
