import { type Language } from '@onsite/domain';
import { BannerViewSchema, ActionRequiredSchema } from '@onsite/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ActionRequiredRequestSchema } from '@onsite/contracts';
import { apiRequest, type RequestBody } from '../../../lib/api/api-client';
import { orderQueryKeys } from '../../../lib/orders/order-keys';

export type { CustomerAction } from '@onsite/domain';
export type { OrderListItemData } from '@onsite/contracts';

/** The orders needing action are under the order keys, so a live update of any order refreshes them like every order list. */
export const homeKeys = {
  actionRequired: orderQueryKeys.actionRequired(),
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
