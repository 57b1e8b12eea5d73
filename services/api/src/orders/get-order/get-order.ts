import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { isStaff, notFound, type Actor } from '@onsite/domain';
import { findOrderDetail, orderDetailForCustomer, userNames, type OrderDetailView, type OrderEventRow } from '@onsite/projections';
import { z } from 'zod';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderScopeOf } from '../order-scope.js';

export const GetOrderRequestSchema = z
  .object({ refId: z.string().trim().min(1, 'This field is required.').max(40), onBehalfOfUserId: z.string().optional() })
  .meta({ id: 'GetOrder' });
export type GetOrderRequest = z.infer<typeof GetOrderRequestSchema>;

type Person = { readonly userId: string; readonly name: string };
export type OrderEventEntry = Omit<OrderEventRow, 'authorUserId' | 'onBehalfOfUserId'> & { readonly author: Person; readonly onBehalfOf: Person | null };
export type OrderDetailResponse = Omit<OrderDetailView, 'events'> & { readonly events: readonly OrderEventEntry[] };

export class GetOrderQuery {
  constructor(
    readonly actor: Actor,
    readonly refId: string,
  ) {}
}

@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery, OrderDetailResponse> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async execute({ actor, refId }: GetOrderQuery): Promise<OrderDetailResponse> {
    const store = this.runtime.documentStore;
    const found = await findOrderDetail(store, orderScopeOf(actor), { refId });
    if (!found) throw notFound('You do not have access to this order, or it does not exist.');
    // Staff acting on behalf see what the customer sees.
    const detail: OrderDetailView = isStaff(actor) && !actor.onBehalfOf ? found : orderDetailForCustomer(found);
    const names = await userNames(store, detail.events.flatMap((e) => [e.authorUserId, ...(e.onBehalfOfUserId ? [e.onBehalfOfUserId] : [])]));
    const person = (userId: string): Person => ({ userId, name: names.get(userId) ?? (userId === 'system' ? 'Onsite' : '') });
    return {
      ...detail,
      events: detail.events.map(({ authorUserId, onBehalfOfUserId, ...row }) => ({
        ...row,
        author: person(authorUserId),
        onBehalfOf: onBehalfOfUserId ? person(onBehalfOfUserId) : null,
      })),
    };
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class GetOrderController {
  constructor(private readonly queries: QueryBus) {}

  @Post('getByRefId')
  @HttpCode(200)
  @ApiOperation({ summary: 'The order detail with its events table; 404 when the caller may not see it.' })
  get(@Auth() auth: AuthContext, @Body({ schema: GetOrderRequestSchema }) body: GetOrderRequest): Promise<OrderDetailResponse> {
    return this.queries.execute(new GetOrderQuery(auth.actor, body.refId));
  }
}
