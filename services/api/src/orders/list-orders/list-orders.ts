import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ORDER_STATUSES, validationError, type OrderStatus } from '@onsite/domain';
import { ListOrdersRequestSchema, OrderListPageSchema, type ListOrdersRequest, type OrderListFilter } from '@onsite/contracts';
import {
  CUSTOMER_VISIBLE_STATUSES,
  listOrdersJson,
  userNames,
  type OrderCriteria,
  type OrderListItem,
  type OrderListPage,
  type OrderScope,
} from '@onsite/projections';
import { JsonText } from '../../common/envelope.js';
import type { AuthContext } from '../../common/request-context.js';
import { ApiTokenScopeOf } from '../../api-tokens/api-token-auth.js';
import { Auth } from '../../identity/auth.guard.js';
import { RUNTIME, type Runtime } from '../../runtime.js';
import { orderScopeOf } from '../order-scope.js';

/** The statuses a filter may ask for in this scope (all of them when the filter gives none); refuses others. */
export function filterStatusesOf(scope: OrderScope, requested: readonly OrderStatus[] | undefined): readonly OrderStatus[] {
  const allowed = scope.kind === 'staff' ? ORDER_STATUSES : CUSTOMER_VISIBLE_STATUSES;
  const refused = (requested ?? []).filter((s) => !allowed.includes(s));
  if (refused.length > 0) {
    throw validationError('One or more fields contain errors.', [
      { path: 'filter.status', code: 'invalid_status', message: `Not a status you can filter by: ${refused.join(', ')}.` },
    ]);
  }
  return requested?.length ? requested : allowed;
}

/** A list filter and search as the read model's criteria: the list, its stats cards and its export cover the same orders. */
export function orderCriteriaOf({ status: _status, ...filter }: Partial<OrderListFilter>, search: string | undefined): Omit<OrderCriteria, 'statuses'> {
  return { ...filter, search };
}

type OrderListRow = OrderListItem & { readonly ownerName: string | null };

@ApiTags('orders')
@ApiBearerAuth()
@Controller('order')
export class ListOrdersController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @ApiResponse({ status: 200, standardSchema: OrderListPageSchema })
  @Post('list')
  @HttpCode(200)
  @ApiTokenScopeOf('orders:read')
  @ApiOperation({ summary: 'Orders visible to the caller: their company (customers) or their country filter (staff), paginated.' })
  async list(
    @Auth() auth: AuthContext,
    @Body({ schema: ListOrdersRequestSchema }) body: ListOrdersRequest,
  ): Promise<JsonText<Omit<OrderListPage, 'items'> & { readonly items: readonly OrderListRow[] }>> {
    const scope = orderScopeOf(auth.actor);
    // The rows as the store's JSON text (D98): sent on without a parse and a stringify of each (customers' rows name
    // no owner: listOrdersJson blanks it).
    const page = await listOrdersJson(this.runtime.documentStore, scope, {
      page: body.page,
      pageSize: body.pageSize,
      ...orderCriteriaOf(body.filter, body.search),
      statuses: filterStatusesOf(scope, body.filter.status),
      sort: body.sort,
    });
    // Staff see who owns each order (its name); customers never (null).
    const names = await userNames(
      this.runtime.documentStore,
      page.items.flatMap((item) => (item.ownerUserId ? [item.ownerUserId] : [])),
    );
    const items = page.items.map((item) => withOwnerName(item.json, item.ownerUserId ? (names.get(item.ownerUserId) ?? null) : null));
    return new JsonText(
      `{"items":[${items.join(',')}],"total":${page.total},"totalCapped":${page.totalCapped},"page":${page.page},"pageSize":${page.pageSize}}`,
    );
  }
}

/** A list row's JSON text (an object) with `ownerName` added as its last key. */
export function withOwnerName(json: string, ownerName: string | null): string {
  const end = json.lastIndexOf('}');
  if (end < 1) throw new Error('An order list row that is not a JSON object.');
  return `${json.slice(0, end)},"ownerName":${JSON.stringify(ownerName)}${json.slice(end)}`;
}
