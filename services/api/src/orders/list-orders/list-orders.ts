import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ORDER_STATUSES, validationError, type Actor } from '@onsite/domain';
import { CUSTOMER_VISIBLE_STATUSES, listOrders, ORDER_SORT_FIELDS, type OrderListItem, type Page } from '@onsite/projections';
import { z } from 'zod';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderScopeOf } from '../order-scope.js';

export const ListOrdersRequestSchema = z
  .object({
    page: z.number().int().min(1).default(1),
    pageSize: z.union([z.literal(10), z.literal(25), z.literal(100)]).default(10),
    filter: z
      .object({
        status: z.array(z.enum(ORDER_STATUSES)).max(ORDER_STATUSES.length).optional(),
        customer: z.string().trim().max(200).optional().describe('Staff only: customers whose name contains this.'),
        endCustomer: z.string().trim().max(200).optional().describe('Staff only: end customers whose name contains this.'),
      })
      .default({}),
    search: z.string().trim().max(200).optional(),
    sort: z.object({ field: z.enum(ORDER_SORT_FIELDS), direction: z.enum(['asc', 'desc']) }).default({ field: 'updatedAt', direction: 'desc' }),
    onBehalfOfUserId: z.string().optional(),
  })
  .meta({ id: 'ListOrders', description: 'A page of the orders the caller may see. pageSize is 10, 25 or 100.' });
export type ListOrdersRequest = z.infer<typeof ListOrdersRequestSchema>;

export class ListOrdersQuery {
  constructor(
    readonly actor: Actor,
    readonly request: ListOrdersRequest,
  ) {}
}

@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery, Page<OrderListItem>> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ actor, request }: ListOrdersQuery): Promise<Page<OrderListItem>> {
    const scope = orderScopeOf(actor);
    const allowed = scope.kind === 'staff' ? ORDER_STATUSES : CUSTOMER_VISIBLE_STATUSES;
    const refused = (request.filter.status ?? []).filter((s) => !allowed.includes(s));
    if (refused.length > 0) {
      throw validationError('One or more fields contain errors.', [{ path: 'filter.status', code: 'invalid_status', message: `Not a status you can filter by: ${refused.join(', ')}.` }]);
    }
    return listOrders(this.runtime.documentStore, scope, {
      page: request.page,
      pageSize: request.pageSize,
      statuses: request.filter.status?.length ? request.filter.status : allowed,
      search: request.search,
      customer: request.filter.customer,
      endCustomer: request.filter.endCustomer,
      sort: request.sort,
    });
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class ListOrdersController {
  constructor(private readonly queries: QueryBus) {}

  @Post('list')
  @HttpCode(200)
  @ApiOperation({ summary: 'Orders visible to the caller: their company (customers) or their country filter (staff), paginated.' })
  list(@Auth() auth: AuthContext, @Body({ schema: ListOrdersRequestSchema }) body: ListOrdersRequest): Promise<Page<OrderListItem>> {
    return this.queries.execute(new ListOrdersQuery(auth.actor, body));
  }
}
