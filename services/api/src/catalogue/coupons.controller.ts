import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  assertCouponCode,
  couponDecider,
  CouponInputSchema,
  couponStreamId,
  forbidden,
  isStaff,
  ManagedCouponSchema,
  notFound,
  RetireCouponSchema,
  type Actor,
  type CouponCommand,
  type ManagedCoupon,
} from '@onsite/domain';
import { getManagedCoupon, listManagedCoupons, readCouponHistory } from '@onsite/projections';
import { z } from 'zod';
import { CommandRunner } from '../common/command-runner.js';
import { CorrelationId } from '../common/correlation-id.js';
import { changesWithPeople } from '../common/change-history.js';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

const person = z.object({ userId: z.string(), name: z.string().nullable() });
export const CouponChangeSchema = z
  .object({
    at: z.string(),
    actor: person,
    onBehalfOf: person.optional(),
    type: z.enum(['COUPON_CREATED', 'COUPON_CHANGED', 'COUPON_RETIRED']),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'CouponChange' });
type CouponChangeView = z.infer<typeof CouponChangeSchema>;

/** Staff only, as themselves: customers ask about one code through `cms/getDiscountCode`. */
function assertStaffReader(actor: Actor): void {
  if (!isStaff(actor) || actor.onBehalfOf) throw forbidden();
}

/**
 * The coupons of the back office (D204): every staff member reads them with their history; staff administrators
 * and sales staff create, change and retire them, each change an event.
 */
@ApiTags('catalogue')
@ApiBearerAuth()
@Controller('coupons')
export class CouponsController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly runner: CommandRunner,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Staff: every coupon, retired ones included, by code.' })
  @ApiResponse({ status: 200, standardSchema: z.array(ManagedCouponSchema) })
  list(@Auth() auth: AuthContext): Promise<ManagedCoupon[]> {
    assertStaffReader(auth.actor);
    return listManagedCoupons(this.runtime.documentStore);
  }

  @Get('history/:code')
  @ApiOperation({ summary: "Staff: a coupon's changes, newest first, with who made each and when." })
  @ApiResponse({ status: 200, standardSchema: z.array(CouponChangeSchema) })
  async history(@Auth() auth: AuthContext, @Param('code') code: string): Promise<CouponChangeView[]> {
    assertStaffReader(auth.actor);
    const changes = await readCouponHistory(this.runtime.documentStore, assertCouponCode(code));
    if (!changes) throw notFound('There is no coupon with this code.', 'coupon_not_found');
    return changesWithPeople(this.runtime.documentStore, changes);
  }

  @Post('create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff administrators and sales: a new coupon (409 coupon_exists when the code is taken, retired codes included).' })
  @ApiResponse({ status: 200, standardSchema: ManagedCouponSchema })
  create(
    @Auth() auth: AuthContext,
    @Body({ schema: CouponInputSchema }) body: z.infer<typeof CouponInputSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<ManagedCoupon> {
    return this.run(auth.actor, body.code, { type: 'CreateCoupon', data: body }, correlationId);
  }

  @Post('change')
  @HttpCode(200)
  @ApiOperation({ summary: "Staff administrators and sales: a coupon's description, countries, validity or discount (the code stays)." })
  @ApiResponse({ status: 200, standardSchema: ManagedCouponSchema })
  change(
    @Auth() auth: AuthContext,
    @Body({ schema: CouponInputSchema }) body: z.infer<typeof CouponInputSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<ManagedCoupon> {
    return this.run(auth.actor, body.code, { type: 'ChangeCoupon', data: body }, correlationId);
  }

  @Post('retire')
  @HttpCode(200)
  @ApiOperation({ summary: 'Staff administrators and sales: retire a coupon; orders no longer find its code, which stays taken.' })
  @ApiResponse({ status: 200, standardSchema: ManagedCouponSchema })
  retire(
    @Auth() auth: AuthContext,
    @Body({ schema: RetireCouponSchema }) body: z.infer<typeof RetireCouponSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<ManagedCoupon> {
    const code = assertCouponCode(body.code);
    return this.run(auth.actor, code, { type: 'RetireCoupon', code }, correlationId);
  }

  /** Decided on the coupon's stream as read: of two concurrent creations of one code, exactly one is appended. */
  private async run(actor: Actor, code: string, command: CouponCommand, correlationId: string): Promise<ManagedCoupon> {
    await this.runner.run(couponDecider, { streamId: couponStreamId(code), actor, correlationId, command });
    const coupon = await getManagedCoupon(this.runtime.documentStore, assertCouponCode(code));
    if (!coupon) throw notFound('There is no coupon with this code.', 'coupon_not_found');
    return coupon;
  }
}
