import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_KINDS, WEBHOOK_PAUSE_REASONS, WEBHOOK_STATUSES, WebhookIdSchema } from '@onsite/domain';

export const ListWebhooksSchema = z
  .object({ companyId: WebhookIdSchema.shape.id.optional(), onBehalfOfUserId: z.string().optional() })
  .meta({ id: 'ListWebhooks', description: "Staff name the company; customers get their own company's endpoints." });

export const WebhookDeliveriesSchema = z
  .object({ id: WebhookIdSchema.shape.id, limit: z.number().int().min(1).max(200).default(50), onBehalfOfUserId: z.string().optional() })
  .meta({ id: 'WebhookDeliveries' });

export const WebhookViewSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    url: z.string(),
    kinds: z.array(z.enum(WEBHOOK_EVENT_KINDS)),
    status: z.enum(WEBHOOK_STATUSES),
    pausedReason: z.enum(WEBHOOK_PAUSE_REASONS).nullable(),
    replayFrom: z.string().nullable(),
    createdAt: z.string(),
    /** Until when the secret before the last rotation still signs beside the current one. */
    previousSecretUntil: z.string().nullable(),
    /** Messages not yet delivered (waiting or failing). */
    pending: z.number(),
    lastDeliveryAt: z.string().nullable(),
  })
  .meta({ id: 'Webhook' });

export type WebhookView = z.infer<typeof WebhookViewSchema>;

export const WebhookListSchema = z.object({ companyId: z.string(), webhooks: z.array(WebhookViewSchema) }).meta({ id: 'WebhookList' });

export type WebhookList = z.infer<typeof WebhookListSchema>;

/** The answer of a registration or rotation: the endpoint, and its (new) secret, shown this once. */
export const WebhookWithSecretSchema = z.object({ webhook: WebhookViewSchema, secret: z.string() }).meta({ id: 'WebhookWithSecret' });

export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

export const WebhookDeliveryViewSchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    kind: z.enum(WEBHOOK_EVENT_KINDS),
    orderRef: z.string(),
    occurredAt: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number(),
    lastAttemptAt: z.string().nullable(),
    lastError: z.string().nullable(),
    /** HTTP status of the last answer (null when none came). */
    lastStatus: z.number().nullable(),
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export type WebhookDeliveryView = z.infer<typeof WebhookDeliveryViewSchema>;

export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliveryViewSchema) }).meta({ id: 'WebhookDeliveryList' });

export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;
