import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  canUse,
  effectivePrincipal,
  forbidden,
  seesAllPartnerOffers,
  matchesSearch,
  STAFF_DEFAULT_PARTNER_OFFER_PHASES,
  partnerOfferDecider,
  PartnerOfferListRequestSchema,
  PartnerOfferListSchema,
  PartnerOfferVersionSchema,
  partnerOfferStreamId,
  partnerOfferView,
  PublishPartnerOfferSchema,
  RetirePartnerOfferSchema,
  UpdatePartnerOfferSchema,
  type PartnerOfferCommand,
  type PartnerOfferList,
  type PartnerOfferListRequest,
} from '@onsite/domain';
import { findPartnerOffers } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../common/command-runner.js';
import { CorrelationId } from '../common/correlation-id.js';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

const onBehalf = { onBehalfOfUserId: z.string().optional() };
const ListBodySchema = PartnerOfferListRequestSchema.extend(onBehalf);
type VersionAnswer = z.infer<typeof PartnerOfferVersionSchema>;

/**
 * The partner marketplace (D34). Customers list the offers running today in the country
 * of their company, in their language; staff list, publish, edit and retire every offer of their countries.
 */
@ApiTags('partner-offers')
@ApiBearerAuth()
@Controller('partner-offers')
export class PartnerOffersController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  @Post('list')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Customers (and staff acting for one): the partner offers valid today for their company's country. Staff: every offer of their countries, by phase (default: scheduled, current and expired), type, country and search, with the content in every language to edit.",
  })
  @ApiResponse({ status: 200, standardSchema: PartnerOfferListSchema })
  async list(@Auth() auth: AuthContext, @Body({ schema: ListBodySchema }) body: PartnerOfferListRequest): Promise<PartnerOfferList> {
    const today = this.runtime.clock().toISOString().slice(0, 10);
    const store = this.runtime.documentStore;
    if (!canUse('partnerOffers', effectivePrincipal(auth.actor))) throw forbidden();
    const staff = seesAllPartnerOffers(auth.actor);
    const records = staff
      ? await findPartnerOffers(store, { country: body.country, countries: auth.actor.countriesFilter })
      : await findPartnerOffers(store, { country: auth.actor.onBehalfOf?.country ?? auth.actor.country, validOn: today });
    const phases = new Set(staff ? (body.phases ?? STAFF_DEFAULT_PARTNER_OFFER_PHASES) : ['CURRENT']);
    const items = records
      .map((record) => partnerOfferView(record, body.lang, today, staff))
      .filter((offer) => phases.has(offer.phase))
      .filter((offer) => !body.type || offer.type === body.type)
      .filter((offer) => matchesSearch(body.search, [offer.title, offer.partnerName, offer.description, ...offer.keywords, ...offer.products]));
    return { items };
  }

  @Post('create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: publish a partner offer; it shows to customers of its countries from its first to its last day.' })
  @ApiResponse({ status: 200, standardSchema: PartnerOfferVersionSchema })
  create(
    @Auth() auth: AuthContext,
    @CorrelationId() correlationId: string,
    @Body({ schema: PublishPartnerOfferSchema }) body: z.infer<typeof PublishPartnerOfferSchema>,
  ): Promise<VersionAnswer> {
    const offerId = randomUUID();
    return this.run(auth, correlationId, 0, { type: 'PublishPartnerOffer', data: { offerId, content: body.content } });
  }

  @Post('update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: change a partner offer, at the version last seen (409 version_conflict when someone changed it meanwhile).' })
  @ApiResponse({ status: 200, standardSchema: PartnerOfferVersionSchema })
  update(
    @Auth() auth: AuthContext,
    @CorrelationId() correlationId: string,
    @Body({ schema: UpdatePartnerOfferSchema }) body: z.infer<typeof UpdatePartnerOfferSchema>,
  ): Promise<VersionAnswer> {
    return this.run(auth, correlationId, body.version, { type: 'UpdatePartnerOffer', data: { offerId: body.offerId, content: body.content } });
  }

  @Post('retire')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff: retire a partner offer before its last day; customers no longer see it. It stays listed for staff as retired.' })
  @ApiResponse({ status: 200, standardSchema: PartnerOfferVersionSchema })
  retire(
    @Auth() auth: AuthContext,
    @CorrelationId() correlationId: string,
    @Body({ schema: RetirePartnerOfferSchema }) body: z.infer<typeof RetirePartnerOfferSchema>,
  ): Promise<VersionAnswer> {
    return this.run(auth, correlationId, body.version, {
      type: 'RetirePartnerOffer',
      data: { offerId: body.offerId, ...(body.reason ? { reason: body.reason } : {}) },
    });
  }

  private async run(auth: AuthContext, correlationId: string, expectedVersion: number, command: PartnerOfferCommand): Promise<VersionAnswer> {
    const { offerId } = command.data;
    const { version } = await this.runner.run(partnerOfferDecider, {
      streamId: partnerOfferStreamId(offerId),
      actor: auth.actor,
      correlationId,
      expectedVersion,
      command,
    });
    return { offerId, version };
  }
}
