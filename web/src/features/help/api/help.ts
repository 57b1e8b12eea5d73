import { type Language } from '@onsite/domain';
import { FaqViewSchema, ManualLinkSchema, ManualViewSchema } from '@onsite/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

export type { FaqView, ManualView } from '@onsite/contracts';

export const helpKeys = {
  all: ['help'] as const,
  faqs: (lang: Language, search: string) => [...helpKeys.all, 'faqs', lang, search] as const,
  manuals: (lang: Language, search: string) => [...helpKeys.all, 'manuals', lang, search] as const,
};

const query = (lang: Language, search: string) => new URLSearchParams({ lang, ...(search ? { search } : {}) }).toString();

/** The questions in the reader's language (English where untranslated), those matching every word of `search`. */
export function useFaqs(lang: Language, search: string) {
  return useQuery({
    queryKey: helpKeys.faqs(lang, search),
    queryFn: ({ signal }) => apiRequest(`/cms/faqs?${query(lang, search)}`, { method: 'GET', schema: z.array(FaqViewSchema), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useManuals(lang: Language, search: string) {
  return useQuery({
    queryKey: helpKeys.manuals(lang, search),
    queryFn: ({ signal }) => apiRequest(`/cms/manuals?${query(lang, search)}`, { method: 'GET', schema: z.array(ManualViewSchema), signal }),
    placeholderData: keepPreviousData,
  });
}

/** A short-lived signed address of a manual's file. */
export function useManualLink() {
  return useMutation({
    mutationFn: (body: { manualId: string; lang: Language }) => apiRequest('/cms/manual-link', { body, schema: ManualLinkSchema }),
  });
}
