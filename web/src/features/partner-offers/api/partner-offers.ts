import { type Language, type PartnerOfferContent, type PartnerOfferPhase, type PartnerOfferType } from '@onsite/domain';
import { PartnerOfferListSchema, PartnerOfferVersionSchema } from '@onsite/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client';

export type { PartnerOfferContent } from '@onsite/domain';
export type { PartnerOfferView } from '@onsite/contracts';

export interface PartnerOfferQuery {
  lang: Language;
  search: string;
  type: PartnerOfferType | null;
  /** Staff only. */
  phases?: readonly PartnerOfferPhase[];
  country?: string | null;
}

export const partnerOfferKeys = {
  all: ['partner-offers'] as const,
  list: (query: PartnerOfferQuery) => [...partnerOfferKeys.all, 'list', query] as const,
};

/** Customers: today's offers for their country; staff: every offer of the phases asked for. */
export function usePartnerOffers(query: PartnerOfferQuery) {
  return useQuery({
    queryKey: partnerOfferKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest('/partner-offers/list', {
        body: {
          lang: query.lang,
          ...(query.search ? { search: query.search } : {}),
          ...(query.type ? { type: query.type } : {}),
          ...(query.phases ? { phases: query.phases } : {}),
          ...(query.country ? { country: query.country } : {}),
        },
        schema: PartnerOfferListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Errors the dialogs show inline: the form's own rules, a stale version, an offer retired meanwhile. */
const DIALOG_ERRORS = ['validation_error', 'version_conflict', 'partner_offer_retired'] as const;

export type SavePartnerOffer = { content: PartnerOfferContent } & ({ offerId?: undefined } | { offerId: string; version: number });

export function useSavePartnerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePartnerOffer) =>
      input.offerId
        ? apiRequest('/partner-offers/update', {
            body: { offerId: input.offerId, version: input.version, content: input.content },
            schema: PartnerOfferVersionSchema,
            handledErrors: DIALOG_ERRORS,
          })
        : apiRequest('/partner-offers/create', { body: { content: input.content }, schema: PartnerOfferVersionSchema, handledErrors: DIALOG_ERRORS }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerOfferKeys.all }),
  });
}

export function useRetirePartnerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { offerId: string; version: number; reason?: string }) =>
      apiRequest('/partner-offers/retire', { body: input, schema: PartnerOfferVersionSchema, handledErrors: DIALOG_ERRORS }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerOfferKeys.all }),
  });
}

/** After a conflict the dialog offers to reload: the list is fetched again and the dialog closes. */
export function useReloadPartnerOffers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: partnerOfferKeys.all });
}
