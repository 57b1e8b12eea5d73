import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ORDER_STATUSES, OrderListFilterSchema, OrderListPageSchema, OrderListSortSchema, validationError, type Actor, type OrderListFilter, type OrderStatus } from '@onsite/domain';
import { CUSTOMER_VISIBLE_STATUSES, listOrders, userNames, type OrderCriteria, type OrderListItem, type OrderScope, type Page } from '@onsite/projections';
import { z } from 'zod';
import type { AuthContext } from '../../common/request-context.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderScopeOf } from '../order-scope.js';

export const ListOrdersRequestSchema = z
  .object({
    page: z.number().int().min(1).default(1),
    pageSize: z.union([z.literal(10), z.literal(25), z.literal(100)]).default(10),
    filter: OrderListFilterSchema.default({}),
    search: z.string().trim().max(200).optional(),
    sort: OrderListSortSchema.default({ field: 'updatedAt', direction: 'desc' }),
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

/** The statuses a filter may ask for in this scope (all of them when the filter gives none); refuses others. */
export function filterStatusesOf(scope: OrderScope, requested: readonly OrderStatus[] | undefined): readonly OrderStatus[] {
  const allowed = scope.kind === 'staff' ? ORDER_STATUSES : CUSTOMER_VISIBLE_STATUSES;
  const refused = (requested ?? []).filter((s) => !allowed.includes(s));
  if (refused.length > 0) {
    throw validationError('One or more fields contain errors.', [{ path: 'filter.status', code: 'invalid_status', message: `Not a status you can filter by: ${refused.join(', ')}.` }]);
  }
  return requested?.length ? requested : allowed;
}

/** A list filter and search as the read model's criteria: the list, its stats cards and its export cover the same orders. */
export function orderCriteriaOf({ status: _status, ...filter }: Partial<OrderListFilter>, search: string | undefined): Omit<OrderCriteria, 'statuses'> {
  return { ...filter, search };
}

export type OrderListRow = OrderListItem & { readonly ownerName: string | null };

@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery, Page<OrderListRow>> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async execute({ actor, request }: ListOrdersQuery): Promise<Page<OrderListRow>> {
    const scope = orderScopeOf(actor);
    const page = await listOrders(this.runtime.documentStore, scope, {
      page: request.page,
      pageSize: request.pageSize,
      ...orderCriteriaOf(request.filter, request.search),
      statuses: filterStatusesOf(scope, request.filter.status),
      sort: request.sort,
    });
    // Staff see who owns each order; customers never see the owner (listOrders strips it for them).
    const names = await userNames(this.runtime.documentStore, page.items.flatMap((item) => (item.ownerUserId ? [item.ownerUserId] : [])));
    return { ...page, items: page.items.map((item) => ({ ...item, ownerName: item.ownerUserId ? (names.get(item.ownerUserId) ?? null) : null })) };
  }
}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class ListOrdersController {
  constructor(private readonly queries: QueryBus) {}

  @ApiResponse({ status: 200, standardSchema: OrderListPageSchema })
  @Post('list')
  @HttpCode(200)
  @ApiOperation({ summary: 'Orders visible to the caller: their company (customers) or their country filter (staff), paginated.' })
  list(@Auth() auth: AuthContext, @Body({ schema: ListOrdersRequestSchema }) body: ListOrdersRequest): Promise<Page<OrderListRow>> {
    return this.queries.execute(new ListOrdersQuery(auth.actor, body));
  }
}
