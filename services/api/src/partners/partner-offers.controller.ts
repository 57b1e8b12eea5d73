import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { canUse, effectivePrincipal, forbidden, seesAllPartnerOffers, STAFF_DEFAULT_PARTNER_OFFER_PHASES } from '@onsite/domain';
import {
  matchesSearch,
  PartnerOfferListRequestSchema,
  PartnerOfferListSchema,
  partnerOfferView,
  type PartnerOfferList,
  type PartnerOfferListRequest,
} from '@onsite/contracts';
import { findPartnerOffers } from '@onsite/projections';
import { z } from 'zod';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

const onBehalf = { onBehalfOfUserId: z.string().optional() };
const ListBodySchema = PartnerOfferListRequestSchema.extend(onBehalf);

/**
 * The partner marketplace (D34). Customers list the offers running today in the country
 * of their company, in their language; staff list, publish, edit and retire (partner-offer-use-cases.ts) every offer of their countries.
 */
@ApiTags('partner-offers')
@ApiBearerAuth()
@Controller('partner-offers')
export class PartnerOffersController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

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
}
