import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ListWebhooksSchema,
  WebhookDeliveriesSchema,
  WebhookDeliveryListSchema,
  WebhookListSchema,
  type WebhookDeliveryList,
  type WebhookList,
} from '@onsite/contracts';
import { listWebhooks } from '@onsite/projections';
import { listWebhookDeliveries } from '@onsite/workers';
import type { z } from 'zod';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { manageableWebhook, webhookCompanyOf, webhookView } from './webhook-access.js';

/**
 * Webhooks of customer companies (D215): a customer administrator manages their company's endpoints, staff
 * administrators any company's (webhook-use-cases.ts). The secret is in the answer of a registration or a rotation only.
 */
@ApiTags('webhooks')
@ApiBearerAuth()
@Controller('webhooks')
export class WebhooksController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Post('list')
  @HttpCode(200)
  @ApiOperation({ summary: "Company administrators: the company's webhook endpoints (staff name the company)." })
  @ApiResponse({ status: 200, standardSchema: WebhookListSchema })
  async list(@Auth() auth: AuthContext, @Body({ schema: ListWebhooksSchema }) body: z.infer<typeof ListWebhooksSchema>): Promise<WebhookList> {
    const companyId = await webhookCompanyOf(this.runtime, auth.actor, body.companyId);
    const docs = await listWebhooks(this.runtime.documentStore, companyId);
    return { companyId, webhooks: await Promise.all(docs.map((d) => webhookView(this.runtime, d))) };
  }

  @Post('deliveries')
  @HttpCode(200)
  @ApiOperation({ summary: "Company administrators: an endpoint's delivery log, newest message first." })
  @ApiResponse({ status: 200, standardSchema: WebhookDeliveryListSchema })
  async deliveries(
    @Auth() auth: AuthContext,
    @Body({ schema: WebhookDeliveriesSchema }) body: z.infer<typeof WebhookDeliveriesSchema>,
  ): Promise<WebhookDeliveryList> {
    await manageableWebhook(this.runtime, auth.actor, body.id);
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
}
