import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  canManageWebhooks,
  ChangeWebhookSchema,
  effectiveCompanyId,
  forbidden,
  isStaff,
  ListWebhooksSchema,
  notFound,
  RegisterWebhookSchema,
  ResendWebhookDeliverySchema,
  RotateWebhookSecretSchema,
  validationError,
  webhookDecider,
  WebhookDeliveriesSchema,
  WebhookDeliveryListSchema,
  WebhookIdSchema,
  WebhookListSchema,
  webhookStreamId,
  WebhookViewSchema,
  WebhookWithSecretSchema,
  type Actor,
  type WebhookCommand,
  type WebhookDeliveryList,
  type WebhookList,
  type WebhookView,
  type WebhookWithSecret,
} from '@onsite/domain';
import { getCompany, getWebhook, listWebhooks, type WebhookDocument } from '@onsite/projections';
import { checkWebhookTarget, countPendingWebhookDeliveries, getWebhookDelivery, listWebhookDeliveries, WebhookSecrets } from '@onsite/workers';
import type { z } from 'zod';
import { CommandRunner } from '../common/command-runner.js';
import { CorrelationId } from '../common/correlation-id.js';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

const webhookNotFound = () => notFound('There is no such webhook.', 'webhook_not_found');
const refusedToManage = () => forbidden('Only administrators of the company manage its webhooks.');
const ID = /^[0-9a-f-]{36}$/;

/**
 * Webhooks of customer companies (D215): a customer administrator manages their company's endpoints, staff
 * administrators any company's. The secret is in the answer of a registration or a rotation only.
 */
@ApiTags('webhooks')
@ApiBearerAuth()
@Controller('webhooks')
export class WebhooksController {
  private readonly secrets: WebhookSecrets;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {
    this.secrets = new WebhookSecrets(runtime.documentStore);
  }

  @Post('list')
  @HttpCode(200)
  @ApiOperation({ summary: "Company administrators: the company's webhook endpoints (staff name the company)." })
  @ApiResponse({ status: 200, standardSchema: WebhookListSchema })
  async list(@Auth() auth: AuthContext, @Body({ schema: ListWebhooksSchema }) body: z.infer<typeof ListWebhooksSchema>): Promise<WebhookList> {
    const companyId = await this.companyOf(auth.actor, body.companyId);
    const docs = await listWebhooks(this.runtime.documentStore, companyId);
    return { companyId, webhooks: await Promise.all(docs.map((d) => this.view(d))) };
  }

  @Post('register')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Company administrators: a new endpoint. Its address must be https:// and resolve to public addresses only (webhook_url_not_allowed). The secret is in this answer only.',
  })
  @ApiResponse({ status: 200, standardSchema: WebhookWithSecretSchema })
  async register(
    @Auth() auth: AuthContext,
    @Body({ schema: RegisterWebhookSchema }) body: z.infer<typeof RegisterWebhookSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<WebhookWithSecret> {
    const companyId = await this.companyOf(auth.actor, body.companyId);
    await this.assertTarget(body.url);
    const id = randomUUID();
    // The secret first: the dispatcher never meets an endpoint without one. A refused registration leaves it unused.
    const secret = await this.secrets.create(id);
    try {
      await this.runner.run(webhookDecider, {
        streamId: webhookStreamId(id),
        newStream: true,
        actor: auth.actor,
        correlationId,
        command: {
          type: 'RegisterWebhook',
          data: { id, url: body.url, kinds: body.kinds, ...(body.replayFrom === undefined ? {} : { replayFrom: body.replayFrom }) },
          facts: { companyId },
        },
      });
    } catch (error) {
      await this.secrets.remove(id);
      throw error;
    }
    return { webhook: await this.viewOf(id), secret };
  }

  @Post('change')
  @HttpCode(200)
  @ApiOperation({ summary: 'Company administrators: change the address or the kinds of events of an endpoint.' })
  @ApiResponse({ status: 200, standardSchema: WebhookViewSchema })
  async change(
    @Auth() auth: AuthContext,
    @Body({ schema: ChangeWebhookSchema }) body: z.infer<typeof ChangeWebhookSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<WebhookView> {
    await this.manageableWebhook(auth.actor, body.id);
    if (body.url !== undefined) await this.assertTarget(body.url);
    const data = { ...(body.url === undefined ? {} : { url: body.url }), ...(body.kinds === undefined ? {} : { kinds: body.kinds }) };
    return this.command(auth.actor, body.id, correlationId, { type: 'ChangeWebhook', data });
  }

  @Post('pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Company administrators: pause an endpoint; its messages wait and go out in order when it is resumed.' })
  @ApiResponse({ status: 200, standardSchema: WebhookViewSchema })
  async pause(@Auth() auth: AuthContext, @Body({ schema: WebhookIdSchema }) body: z.infer<typeof WebhookIdSchema>, @CorrelationId() correlationId: string) {
    await this.manageableWebhook(auth.actor, body.id);
    return this.command(auth.actor, body.id, correlationId, { type: 'PauseWebhook', data: { reason: 'manual' } });
  }

  @Post('resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Company administrators: resume a paused endpoint (also one paused after a day of failures).' })
  @ApiResponse({ status: 200, standardSchema: WebhookViewSchema })
  async resume(@Auth() auth: AuthContext, @Body({ schema: WebhookIdSchema }) body: z.infer<typeof WebhookIdSchema>, @CorrelationId() correlationId: string) {
    await this.manageableWebhook(auth.actor, body.id);
    return this.command(auth.actor, body.id, correlationId, { type: 'ResumeWebhook' });
  }

  @Post('rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Company administrators: a new secret, in this answer only; the old one keeps signing beside it for overlapHours (default 24).',
  })
  @ApiResponse({ status: 200, standardSchema: WebhookWithSecretSchema })
  async rotate(
    @Auth() auth: AuthContext,
    @Body({ schema: RotateWebhookSecretSchema }) body: z.infer<typeof RotateWebhookSecretSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<WebhookWithSecret> {
    await this.manageableWebhook(auth.actor, body.id);
    const result = await this.runner.run(webhookDecider, {
      streamId: webhookStreamId(body.id),
      actor: auth.actor,
      correlationId,
      command: { type: 'RotateWebhookSecret', data: { overlapHours: body.overlapHours } },
    });
    const rotated = result.events.find((e) => e.type === 'WEBHOOK_SECRET_ROTATED');
    const until = rotated?.type === 'WEBHOOK_SECRET_ROTATED' ? rotated.data.previousSecretUntil : this.runtime.clock().toISOString();
    const secret = await this.secrets.rotate(body.id, until);
    return { webhook: await this.viewOf(body.id), secret };
  }

  @Post('remove')
  @HttpCode(200)
  @ApiOperation({ summary: 'Company administrators: remove an endpoint; nothing more is sent to it and its secret is erased.' })
  @ApiResponse({ status: 200, standardSchema: WebhookViewSchema })
  async remove(@Auth() auth: AuthContext, @Body({ schema: WebhookIdSchema }) body: z.infer<typeof WebhookIdSchema>, @CorrelationId() correlationId: string) {
    await this.manageableWebhook(auth.actor, body.id);
    return this.command(auth.actor, body.id, correlationId, { type: 'RemoveWebhook' });
  }

  @Post('deliveries')
  @HttpCode(200)
  @ApiOperation({ summary: "Company administrators: an endpoint's delivery log, newest message first." })
  @ApiResponse({ status: 200, standardSchema: WebhookDeliveryListSchema })
  async deliveries(
    @Auth() auth: AuthContext,
    @Body({ schema: WebhookDeliveriesSchema }) body: z.infer<typeof WebhookDeliveriesSchema>,
  ): Promise<WebhookDeliveryList> {
    await this.manageableWebhook(auth.actor, body.id);
    const records = await listWebhookDeliveries(this.runtime.documentStore, body.id, body.limit);
    return {
      deliveries: records.map((r) => ({
        id: r.id,
        eventId: r.eventId,
        kind: r.kind,
        orderRef: r.orderRef,
        occurredAt: r.occurredAt,
        status: r.status,
        attempts: r.attempts,
        lastAttemptAt: r.lastAttemptAt,
        lastError: r.lastError,
        lastStatus: r.lastStatus,
        deliveredAt: r.deliveredAt,
      })),
    };
  }

  @Post('resend')
  @HttpCode(200)
  @ApiOperation({ summary: "Company administrators: send a delivery again, with the same event id (a receiver's de-duplication drops a repeat)." })
  @ApiResponse({ status: 200, standardSchema: WebhookViewSchema })
  async resend(
    @Auth() auth: AuthContext,
    @Body({ schema: ResendWebhookDeliverySchema }) body: z.infer<typeof ResendWebhookDeliverySchema>,
    @CorrelationId() correlationId: string,
  ): Promise<WebhookView> {
    await this.manageableWebhook(auth.actor, body.id);
    const delivery = await getWebhookDelivery(this.runtime.documentStore, body.deliveryId);
    if (!delivery || delivery.endpointId !== body.id) throw notFound('There is no such delivery.', 'delivery_not_found');
    return this.command(auth.actor, body.id, correlationId, { type: 'ResendWebhookDelivery', data: { deliveryId: body.deliveryId } });
  }

  private async command(actor: Actor, id: string, correlationId: string, command: WebhookCommand): Promise<WebhookView> {
    await this.runner.run(webhookDecider, { streamId: webhookStreamId(id), actor, correlationId, command });
    return this.viewOf(id);
  }

  /** The address's form and every address its host resolves to (again at every delivery). */
  private async assertTarget(url: string): Promise<void> {
    const target = await checkWebhookTarget(url, { allowLoopback: this.runtime.config.webhookAllowLoopback });
    if (!target.ok)
      throw validationError(target.message, [{ path: 'url', code: 'webhook_url_not_allowed', message: target.message }], 'webhook_url_not_allowed');
  }

  /** An endpoint the caller may manage: another company's (and a removed one) is 404, then the rule (403). */
  private async manageableWebhook(actor: Actor, id: string): Promise<WebhookDocument> {
    const doc = ID.test(id) ? await getWebhook(this.runtime.documentStore, id) : null;
    if (!doc || doc.removedAt !== null) throw webhookNotFound();
    if (!isStaff(actor) && doc.companyId !== effectiveCompanyId(actor)) throw webhookNotFound();
    await this.manageable(actor, doc.companyId).catch((error: unknown) => {
      throw error instanceof Error && 'code' in error && error.code === 'not_found' ? webhookNotFound() : error;
    });
    return doc;
  }

  /** As for API tokens: another company is 404 for a customer, a company outside a staff member's countries too; then 403. */
  private async manageable(actor: Actor, companyId: string): Promise<void> {
    if (!isStaff(actor) && companyId !== effectiveCompanyId(actor)) throw notFound('Company not found.');
    const company = await getCompany(this.runtime.documentStore, companyId);
    const filter = isStaff(actor) && !actor.onBehalfOf ? (actor.countriesFilter ?? []) : [];
    if (!company || company.type === 'BL' || (filter.length > 0 && !filter.includes(company.country))) throw notFound('Company not found.');
    if (!canManageWebhooks(actor, companyId)) throw refusedToManage();
  }

  private async companyOf(actor: Actor, named: string | undefined): Promise<string> {
    const companyId = named ?? (isStaff(actor) && !actor.onBehalfOf ? undefined : effectiveCompanyId(actor));
    if (!companyId) {
      const message = 'Staff name the company.';
      throw validationError(message, [{ path: 'companyId', code: 'required', message }]);
    }
    await this.manageable(actor, companyId);
    return companyId;
  }

  private async viewOf(id: string): Promise<WebhookView> {
    const doc = await getWebhook(this.runtime.documentStore, id);
    if (!doc) throw webhookNotFound();
    return this.view(doc);
  }

  private async view(doc: WebhookDocument): Promise<WebhookView> {
    const store = this.runtime.documentStore;
    const [pending, [last]] = await Promise.all([countPendingWebhookDeliveries(store, doc.id), listWebhookDeliveries(store, doc.id, 1)]);
    const previousSecretUntil =
      doc.previousSecretUntil && Date.parse(doc.previousSecretUntil) > this.runtime.clock().getTime() ? doc.previousSecretUntil : null;
    return {
      id: doc.id,
      companyId: doc.companyId,
      url: doc.url,
      kinds: [...doc.kinds],
      status: doc.status,
      pausedReason: doc.pausedReason,
      replayFrom: doc.replayFrom,
      createdAt: doc.createdAt,
      previousSecretUntil,
      pending,
      lastDeliveryAt: last?.lastAttemptAt ?? null,
    };
  }
}
