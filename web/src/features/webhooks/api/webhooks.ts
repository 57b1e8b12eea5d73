import { type WebhookEventKind } from '@onsite/domain';
import {
  WebhookDeliveryListSchema,
  WebhookListSchema,
  WebhookViewSchema,
  WebhookWithSecretSchema,
  type WebhookView,
  type WebhookWithSecret,
} from '@onsite/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

export type { WebhookEventKind } from '@onsite/domain';
export type { WebhookDeliveryView, WebhookList, WebhookView, WebhookWithSecret } from '@onsite/contracts';
export { WEBHOOK_EVENT_KINDS } from '@onsite/domain';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (companyId: string | null) => [...webhookKeys.all, 'list', companyId] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
};

/** How often an open page asks for news: deliveries arrive in the background. */
const POLL_MS = 3_000;

/** The company's endpoints; staff name the company (null: their own or the acted-for one). */
export function useWebhooks(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: webhookKeys.list(companyId),
    queryFn: ({ signal }) => apiRequest('/webhooks/list', { body: companyId ? { companyId } : {}, schema: WebhookListSchema, signal }),
    enabled,
    refetchInterval: POLL_MS,
  });
}

/** An endpoint's delivery log, newest first, while it is open. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => apiRequest('/webhooks/deliveries', { body: { id, limit: 50 }, schema: WebhookDeliveryListSchema, signal }),
    refetchInterval: POLL_MS,
  });
}

/** Errors the dialogs show themselves. */
const DIALOG_ERRORS = ['validation_error', 'webhook_url_not_allowed', 'webhook_not_found', 'delivery_not_found'] as const;

export interface RegisterWebhookInput {
  readonly url: string;
  readonly kinds: readonly WebhookEventKind[];
  readonly companyId?: string;
  readonly replayFrom?: string;
}

function useWebhookMutation<I, O>(path: string, schema: z.ZodType<O>, body: (input: I) => object) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I): Promise<O> => apiRequest(path, { body: body(input), schema, handledErrors: [...DIALOG_ERRORS] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useRegisterWebhook = () =>
  useWebhookMutation<RegisterWebhookInput, WebhookWithSecret>('/webhooks/register', WebhookWithSecretSchema, (input) => input);
export const useChangeWebhook = () =>
  useWebhookMutation<{ id: string; kinds: readonly WebhookEventKind[] }, WebhookView>('/webhooks/change', WebhookViewSchema, (input) => input);
export const usePauseWebhook = () => useWebhookMutation<string, WebhookView>('/webhooks/pause', WebhookViewSchema, (id) => ({ id }));
export const useResumeWebhook = () => useWebhookMutation<string, WebhookView>('/webhooks/resume', WebhookViewSchema, (id) => ({ id }));
export const useRemoveWebhook = () => useWebhookMutation<string, WebhookView>('/webhooks/remove', WebhookViewSchema, (id) => ({ id }));
export const useRotateWebhookSecret = () =>
  useWebhookMutation<{ id: string; overlapHours: number }, WebhookWithSecret>('/webhooks/rotate-secret', WebhookWithSecretSchema, (input) => input);
export const useResendDelivery = () =>
  useWebhookMutation<{ id: string; deliveryId: string }, WebhookView>('/webhooks/resend', WebhookViewSchema, (input) => input);
