import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { couponStatus, effectiveUserId, normalizeCouponCode, conflict, supportContactFor } from '@onsite/domain';
import {
  ContactAnswerSchema,
  DiscountCodeRequestSchema,
  DiscountCodeResultSchema,
  type ContactAnswer,
  type ContactRequest,
  type DiscountCodeRequest,
  type DiscountCodeResult,
  ContactRequestBodySchema,
} from '@onsite/contracts';
import { findCoupon, getUser, readSupportContacts } from '@onsite/projections';
import type { AuthContext } from '../common/request-context.js';
import { Auth } from '../identity/auth.guard.js';
import { NOTIFIER, type Notifier } from '../notifications/notifier.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { RateLimit } from '../http/rate-limits.js';

@ApiTags('cms')
@ApiBearerAuth()
@Controller('cms')
export class CmsController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(NOTIFIER) private readonly notifier: Notifier,
  ) {}

  @RateLimit('contactForm')
  @Post('contact')
  @HttpCode(200)
  @ApiOperation({
    summary: "The contact form: the message goes by e-mail to the support team of the sender's country (the dev outbox in the embedded profile).",
  })
  @ApiResponse({ status: 200, standardSchema: ContactAnswerSchema })
  async contact(@Auth() auth: AuthContext, @Body({ schema: ContactRequestBodySchema }) body: ContactRequest): Promise<ContactAnswer> {
    const user = await getUser(this.runtime.documentStore, effectiveUserId(auth.actor));
    const contacts = await readSupportContacts(this.runtime.documentStore);
    // The country group's address; the IT support address where staff have not set one for the group yet.
    const to = supportContactFor(contacts, user?.country ?? auth.actor.country).email ?? contacts.itSupportEmail;
    if (!to) throw conflict('no_support_contact', 'No support contact is set up for your country yet. Please call or write to the provider directly.');
    const sender = user
      ? `${user.firstName} ${user.lastName} <${user.email}>, ${user.company.name} (${user.country.toUpperCase()})`
      : effectiveUserId(auth.actor);
    const staff = auth.actor.onBehalfOf ? `\nEntered by staff user ${auth.actor.userId} acting for the customer.` : '';
    const phone = body.phone ? `\nPhone: ${body.phone}${body.callBack ? ' (please call back)' : ''}` : '';
    await this.notifier.send({
      channel: 'email',
      to,
      kind: 'contact-form',
      subject: `[Onsite contact] ${body.subject}`,
      text: `${body.message}\n\nFrom: ${sender}${phone}${staff}`,
    });
    return { sentTo: to };
  }

  @RateLimit('couponCheck')
  @Post('getDiscountCode')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Whether a coupon code applies to an order placed now in a country: valid, not found, expired, not yet valid or not for the country.',
  })
  @ApiResponse({ status: 200, standardSchema: DiscountCodeResultSchema })
  async getDiscountCode(@Body({ schema: DiscountCodeRequestSchema }) body: DiscountCodeRequest): Promise<DiscountCodeResult> {
    const code = normalizeCouponCode(body.code);
    const coupon = await findCoupon(this.runtime.documentStore, code);
    const status = couponStatus(coupon, body.country, this.runtime.clock().toISOString());
    if (!coupon) return { status, code };
    return {
      status,
      code,
      ...(coupon.description ? { description: coupon.description } : {}),
      ...(coupon.validFrom ? { validFrom: coupon.validFrom } : {}),
      ...(coupon.validTo ? { validTo: coupon.validTo } : {}),
      ...(coupon.discountPercent !== undefined ? { discountPercent: coupon.discountPercent } : {}),
    };
  }
}
