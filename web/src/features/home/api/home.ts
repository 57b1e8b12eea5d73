import { ActionRequiredSchema, BannerViewSchema, type Language } from '@onsite/domain';
import { useQuery } from '@tanstack/react-query';
import type { ActionRequiredRequestSchema } from '@onsite/domain';
import { apiRequest, type RequestBody } from '../../../lib/api-client';

export type { CustomerAction, OrderListItemData } from '@onsite/domain';

/** Under the 'orders' key, so a live update of any order refreshes it like every order list. */
export const homeKeys = {
  actionRequired: ['orders', 'action-required'] as const,
  banner: (lang: Language) => ['cms', 'banner', lang] as const,
};

export function useActionRequired(enabled: boolean) {
  return useQuery({
    queryKey: homeKeys.actionRequired,
    queryFn: ({ signal }) =>
      apiRequest('/order/action-required', { body: {} satisfies RequestBody<typeof ActionRequiredRequestSchema>, schema: ActionRequiredSchema, signal }),
    enabled,
  });
}

/** The visitors' banner; it is content, so a failure shows the built-in text instead of an error. */
export function useBanner(lang: Language) {
  return useQuery({
    queryKey: homeKeys.banner(lang),
    queryFn: ({ signal }) => apiRequest(`/cms/getBanner?lang=${lang}`, { method: 'GET', schema: BannerViewSchema, signal, handledErrors: 'all' }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
