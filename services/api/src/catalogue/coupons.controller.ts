import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { assertCouponCode, forbidden, isStaff, notFound, type Actor } from '@onsite/domain';
import { ManagedCouponSchema, type ManagedCoupon, CouponChangeSchema, type CouponChange } from '@onsite/contracts';
import { listManagedCoupons, readCouponHistory } from '@onsite/projections';
import { z } from 'zod';
import { changesWithPeople } from '../common/change-history.js';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../runtime.js';

/** Staff only, as themselves: customers ask about one code through `cms/getDiscountCode`. */
function assertStaffReader(actor: Actor): void {
  if (!isStaff(actor) || actor.onBehalfOf) throw forbidden();
}

/**
 * The coupons of the back office (D204): every staff member reads them with their history; staff administrators
 * and sales staff create, change and retire them, each change an event (coupon-use-cases.ts).
 */
@ApiTags('catalogue')
@ApiBearerAuth()
@Controller('coupons')
export class CouponsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

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
  async history(@Auth() auth: AuthContext, @Param('code') code: string): Promise<CouponChange[]> {
    assertStaffReader(auth.actor);
    const changes = await readCouponHistory(this.runtime.documentStore, assertCouponCode(code));
    if (!changes) throw notFound('There is no coupon with this code.', 'coupon_not_found');
    return changesWithPeople(this.runtime.documentStore, changes);
  }
}
