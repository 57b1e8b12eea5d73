import { randomUUID } from 'node:crypto';
import {
  ChangeWebhookSchema,
  notFound,
  RegisterWebhookSchema,
  ResendWebhookDeliverySchema,
  RotateWebhookSecretSchema,
  webhookDecider,
  WebhookIdSchema,
  webhookStreamId,
} from '@onsite/domain';
import { WebhookViewSchema, WebhookWithSecretSchema } from '@onsite/contracts';
import { getWebhookDelivery, WebhookSecrets } from '@onsite/workers';
import { useCasesOf, type UseCaseFacts } from '../common/command-routes.js';
import { assertWebhookTarget, manageableWebhook, webhookCompanyOf, webhookViewOf } from './webhook-access.js';

const webhook = useCasesOf(webhookDecider);

/** An existing endpoint the caller may manage (another company's is 404 before anything else), on its stream. */
async function onEndpoint({ id }: { id: string }, { runtime, actor }: UseCaseFacts) {
  await manageableWebhook(runtime, actor, id);
  return { streamId: webhookStreamId(id) };
}
const endpointNow = ({ id }: { id: string }, { runtime }: UseCaseFacts) => webhookViewOf(runtime, id);

/**
 * The webhook endpoints' commands (D215), each on the endpoint's stream. A customer administrator manages their
 * company's endpoints, staff administrators any company's of their countries. The secret is application state, not an
 * event (D1): made before the registration (the dispatcher never meets an endpoint without one) and erased again when
 * it is refused; rotated after the rotation's event.
 */
export const WEBHOOK_USE_CASES = {
  registerWebhook: webhook({
    route: 'webhooks/register',
    summary:
      'Company administrators: a new endpoint. Its address must be https:// and resolve to public addresses only (webhook_url_not_allowed). The secret is in this answer only.',
    schema: RegisterWebhookSchema,
    response: WebhookWithSecretSchema,
    async target(request, { runtime, actor }) {
      const companyId = await webhookCompanyOf(runtime, actor, request.companyId);
      await assertWebhookTarget(runtime, request.url);
      const id = randomUUID();
      const secret = await new WebhookSecrets(runtime.documentStore).create(id);
      return { streamId: webhookStreamId(id), newStream: true, id, companyId, secret };
    },
    undo: (_request, { runtime, target }) => new WebhookSecrets(runtime.documentStore).remove(target.id),
    command: (request, { target }) => ({
      type: 'RegisterWebhook',
      data: { id: target.id, url: request.url, kinds: request.kinds, ...(request.replayFrom === undefined ? {} : { replayFrom: request.replayFrom }) },
      facts: { companyId: target.companyId },
    }),
    answer: async (_request, { runtime, target }) => ({ webhook: await webhookViewOf(runtime, target.id), secret: target.secret }),
  }),
  changeWebhook: webhook({
    route: 'webhooks/change',
    summary: 'Company administrators: change the address or the kinds of events of an endpoint.',
    schema: ChangeWebhookSchema,
    response: WebhookViewSchema,
    async target(request, facts) {
      const target = await onEndpoint(request, facts);
      if (request.url !== undefined) await assertWebhookTarget(facts.runtime, request.url);
      return target;
    },
    command: (request) => ({
      type: 'ChangeWebhook',
      data: { ...(request.url === undefined ? {} : { url: request.url }), ...(request.kinds === undefined ? {} : { kinds: request.kinds }) },
    }),
    answer: endpointNow,
  }),
  pauseWebhook: webhook({
    route: 'webhooks/pause',
    summary: 'Company administrators: pause an endpoint; its messages wait and go out in order when it is resumed.',
    schema: WebhookIdSchema,
    response: WebhookViewSchema,
    target: onEndpoint,
    command: () => ({ type: 'PauseWebhook', data: { reason: 'manual' } }),
    answer: endpointNow,
  }),
  resumeWebhook: webhook({
    route: 'webhooks/resume',
    summary: 'Company administrators: resume a paused endpoint (also one paused after a day of failures).',
    schema: WebhookIdSchema,
    response: WebhookViewSchema,
    target: onEndpoint,
    command: () => ({ type: 'ResumeWebhook' }),
    answer: endpointNow,
  }),
  rotateWebhookSecret: webhook({
    route: 'webhooks/rotate-secret',
    summary: 'Company administrators: a new secret, in this answer only; the old one keeps signing beside it for overlapHours (default 24).',
    schema: RotateWebhookSecretSchema,
    response: WebhookWithSecretSchema,
    target: onEndpoint,
    command: (request) => ({ type: 'RotateWebhookSecret', data: { overlapHours: request.overlapHours } }),
    async answer(request, { runtime, result }) {
      const rotated = result.events.find((e) => e.type === 'WEBHOOK_SECRET_ROTATED');
      const until = rotated?.type === 'WEBHOOK_SECRET_ROTATED' ? rotated.data.previousSecretUntil : runtime.clock().toISOString();
      const secret = await new WebhookSecrets(runtime.documentStore).rotate(request.id, until);
      return { webhook: await webhookViewOf(runtime, request.id), secret };
    },
  }),
  removeWebhook: webhook({
    route: 'webhooks/remove',
    summary: 'Company administrators: remove an endpoint; nothing more is sent to it and its secret is erased.',
    schema: WebhookIdSchema,
    response: WebhookViewSchema,
    target: onEndpoint,
    command: () => ({ type: 'RemoveWebhook' }),
    answer: endpointNow,
  }),
  resendWebhookDelivery: webhook({
    route: 'webhooks/resend',
    summary: "Company administrators: send a delivery again, with the same event id (a receiver's de-duplication drops a repeat).",
    schema: ResendWebhookDeliverySchema,
    response: WebhookViewSchema,
    async target(request, facts) {
      const target = await onEndpoint(request, facts);
      const delivery = await getWebhookDelivery(facts.runtime.documentStore, request.deliveryId);
      if (!delivery || delivery.endpointId !== request.id) throw notFound('There is no such delivery.', 'delivery_not_found');
      return target;
    },
    command: (request) => ({ type: 'ResendWebhookDelivery', data: { deliveryId: request.deliveryId } }),
    answer: endpointNow,
  }),
};
