import { type FaqEntry, type FaqInput } from '@onsite/domain';
import { FaqChangeSchema, ManagedBannerSchema, ManagedFaqSchema, type ManagedBanner, type ManagedFaq, RemovedIdSchema } from '@onsite/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

export type { ManagedFaq } from '@onsite/contracts';

export const faqKeys = {
  all: ['help-content', 'faqs'] as const,
  list: () => [...faqKeys.all, 'list'] as const,
  history: (id: string) => [...faqKeys.all, 'history', id] as const,
};

/** Every help question in every language (staff). */
export function useManagedFaqs() {
  return useQuery({
    queryKey: faqKeys.list(),
    queryFn: ({ signal }) => apiRequest('/help-content/faqs', { method: 'GET', schema: z.array(ManagedFaqSchema), signal }),
  });
}

export function useFaqHistory(id: string) {
  return useQuery({
    queryKey: faqKeys.history(id),
    queryFn: ({ signal }) => apiRequest(`/help-content/faqs/history/${encodeURIComponent(id)}`, { method: 'GET', schema: z.array(FaqChangeSchema), signal }),
  });
}

type FaqCommand = { kind: 'create'; body: FaqInput } | { kind: 'change'; body: FaqEntry } | { kind: 'remove'; body: { id: string } };
const COMMAND_PATHS = { create: '/help-content/faqs/create', change: '/help-content/faqs/change', remove: '/help-content/faqs/remove' } as const;

/** Create, change or remove a question; the list, the histories and the customers' help pages are read again. */
export function useFaqCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: FaqCommand): Promise<unknown> =>
      apiRequest(COMMAND_PATHS[command.kind], {
        body: command.body,
        schema: command.kind === 'remove' ? RemovedIdSchema : ManagedFaqSchema,
        handledErrors: ['validation_error', 'faq_not_found'],
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['help-content'] }),
  });
}

export type { ManagedFaq as Faq };

export type { ManagedBanner } from '@onsite/contracts';
const bannerKey = ['help-content', 'banner'] as const;

/** The home page's banner in every language, and who changed it last (staff). */
export function useManagedBanner() {
  return useQuery({
    queryKey: bannerKey,
    queryFn: ({ signal }) => apiRequest('/help-content/banner', { method: 'GET', schema: ManagedBannerSchema, signal }),
  });
}

/** The banner's changes, newest first, as the history dialog lists them (from the same answer as the banner). */
export function useBannerHistory() {
  return useQuery({
    queryKey: bannerKey,
    queryFn: ({ signal }) => apiRequest('/help-content/banner', { method: 'GET', schema: ManagedBannerSchema, signal }),
    select: (banner) => banner.history.map((change) => ({ at: change.at, actor: { userId: '', name: change.by }, type: change.type })),
  });
}

type BannerCommand = { kind: 'set'; body: NonNullable<ManagedBanner['banner']> } | { kind: 'clear' };
const BANNER_PATHS = { set: '/help-content/banner/set', clear: '/help-content/banner/clear' } as const;

/** Set or clear the banner; the answer is the banner as it now is. */
export function useBannerCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: BannerCommand) =>
      apiRequest(BANNER_PATHS[command.kind], {
        body: command.kind === 'set' ? command.body : {},
        schema: ManagedBannerSchema,
        handledErrors: ['validation_error'],
      }),
    onSuccess: (banner) => {
      queryClient.setQueryData(bannerKey, banner);
      // The home page's own query (every language) reads it again.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes('banner') });
    },
  });
}
