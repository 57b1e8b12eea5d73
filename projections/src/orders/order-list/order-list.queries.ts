import { CUSTOMER_ACTIONS, CUSTOMER_VISIBLE_STATUSES, ORDER_STATUSES, type OrderStatus } from '@onsite/domain';
import { ORDER_LIST_COUNT_LIMIT, type OrderListSortField } from '@onsite/contracts';
import type { DocumentSession, Filter, FindOptions } from '@onsite/infrastructure';
import type { Page } from '../../shared/lists.js';
import { scopeFilter, type OrderScope } from '../order-scope.js';
import {
  isOneWordSearch,
  normaliseSearch,
  ORDER_COUNTS,
  ORDER_LIST,
  ORDER_SEARCH,
  ORDER_SEARCH_DICTIONARY,
  ORDER_SEARCH_REFERENCE_WORDS,
  ORDER_SEARCH_WORD_COUNTS,
  ORDER_SEARCH_WORDS,
  SEARCH_TEXT_SEPARATOR,
  type OrderCount,
  type OrderListItem,
  type OrderSearchDictionaryEntry,
  type OrderSearchEntry,
  type OrderSearchReferenceWord,
  type OrderSearchWord,
  type OrderSearchWordCount,
} from './order-list.js';

/** Orders staff are still preparing, and deleted ones, are not the customer's to see. */
export { CUSTOMER_VISIBLE_STATUSES };

/** Which of the visible orders a list or a bulk action covers. */
export interface OrderCriteria {
  readonly statuses?: readonly OrderStatus[];
  readonly search?: string;
  /** Staff only: narrows to customers whose name contains this. */
  readonly customer?: string;
  /** Staff only: narrows to end customers whose name contains this. */
  readonly endCustomer?: string;
  readonly orderIds?: readonly string[];
  readonly hasChanges?: boolean;
  /** Staff only: narrows their scope to these countries (an empty intersection finds nothing). */
  readonly countries?: readonly string[];
  /** Orders whose open offer expires before this instant. */
  readonly offerExpiresBefore?: string;
  /** Orders whose service window starts in [startsFrom, startsBefore), local wall-clock times. */
  readonly startsFrom?: string;
  readonly startsBefore?: string;
}

export interface OrderListQuery extends OrderCriteria {
  readonly page: number;
  readonly pageSize: number;
  readonly sort: { readonly field: OrderListSortField; readonly direction: 'asc' | 'desc' };
}

/**
 * The search as the narrow search rows answer it (ORDER_SEARCH, D81); undefined without a search, or for one that
 * holds the rows' field separator (the list's own four fields answer that one).
 */
function narrowSearchOf(criteria: OrderCriteria): string | undefined {
  const search = criteria.search?.trim();
  return search && !search.includes(SEARCH_TEXT_SEPARATOR) ? search : undefined;
}

/** Whether the statuses narrow the list: none, or every one, is no filter (checking it would only cost a read of every row). */
function narrowsByStatus(statuses: readonly OrderStatus[] | undefined): statuses is readonly OrderStatus[] {
  return statuses !== undefined && statuses.length > 0 && !ORDER_STATUSES.every((status) => statuses.includes(status));
}

/**
 * The criteria as a filter of the list (ORDER_LIST), or with `narrow` of its search rows (ORDER_SEARCH): the same
 * conditions on the same paths, except the search, which looks in the rows' one text instead of the four fields.
 */
function orderListFilter(scope: OrderScope, criteria: OrderCriteria, narrow = false): Filter {
  const and: Filter[] = [scopeFilter(scope)];
  if (narrowsByStatus(criteria.statuses)) and.push({ status: { in: [...criteria.statuses] } });
  if (criteria.orderIds) and.push({ _id: { in: [...criteria.orderIds] } });
  if (criteria.hasChanges !== undefined) and.push({ hasChanges: criteria.hasChanges });
  if (criteria.countries?.length && scope.kind === 'staff') and.push({ country: { in: [...criteria.countries] } });
  if (criteria.offerExpiresBefore) and.push({ offerExpiresAt: { lt: criteria.offerExpiresBefore, date: true } });
  // Local times in one format (YYYY-MM-DDTHH:mm:ss) order as text.
  if (criteria.startsFrom) and.push({ windowStart: { gte: criteria.startsFrom } });
  if (criteria.startsBefore) and.push({ windowStart: { lt: criteria.startsBefore } });
  const search = criteria.search?.trim();
  if (search && narrow) and.push({ text: { includes: normaliseSearch(search) } });
  else if (search) {
    and.push({
      $or: [{ refId: { contains: search } }, { customerName: { contains: search } }, { locationName: { contains: search } }, { city: { contains: search } }],
    });
  }
  const customer = criteria.customer?.trim();
  if (customer && scope.kind === 'staff') and.push({ customerName: { contains: customer } });
  const endCustomer = criteria.endCustomer?.trim();
  if (endCustomer && scope.kind === 'staff') and.push({ endCustomerName: { contains: endCustomer } });
  return { $and: and };
}

/**
 * A page of the order list. A list narrowed beyond the per-status counts (a search, a customer name, a date) counts
 * its matches no further than ORDER_LIST_COUNT_LIMIT, since an exact count of a broad search reads every match however
 * small the page (D67); `totalCapped`: there are more than `total` (the limit) matches.
 */
export interface OrderListPage extends Page<OrderListItem> {
  readonly totalCapped: boolean;
}

export async function listOrders(store: DocumentSession, scope: OrderScope, query: OrderListQuery): Promise<OrderListPage> {
  const orders = store.collection<OrderListItem>(ORDER_LIST);
  const page = await listPage(store, scope, query, {
    find: (options) => orders.find(options),
    byIds: async (ids) => new Map((await orders.getMany(ids)).map((document) => [document.id, document.data])),
  });
  // The rows were read for this call alone: the owner is blanked in place (a copy of each row cost a customer's page of
  // 100 about 3% of its CPU time, as much as the rest of our code on that path).
  if (scope.kind !== 'staff') for (const item of page.items) (item as { ownerUserId: string | null }).ownerUserId = null;
  return page;
}

/** A list row as JSON text (see `listOrdersJson`), with the owner it names (null for customers: the text names none). */
export interface OrderListRowJson {
  readonly json: string;
  readonly ownerUserId: string | null;
}

export interface OrderListJsonPage extends Omit<OrderListPage, 'items'> {
  readonly items: readonly OrderListRowJson[];
}

/**
 * `listOrders`, each row as the JSON text of its OrderListItem, for an answer that sends the rows on as they are
 * (D98): a page without a search reads the rows as text (`Collection.findJson`) and nothing parses them or
 * stringifies them again. A customer's rows name no owner (`"ownerUserId": null`), as in `listOrders`.
 */
export async function listOrdersJson(store: DocumentSession, scope: OrderScope, query: OrderListQuery): Promise<OrderListJsonPage> {
  const orders = store.collection<OrderListItem>(ORDER_LIST);
  const page = await listPage(store, scope, query, {
    find: (options) => orders.findJson(options),
    // A search's page reads its rows by id (from the narrow search rows), as text too.
    byIds: async (ids) => new Map((await orders.getManyJson(ids)).map((document) => [document.id, document.json])),
  });
  const staff = scope.kind === 'staff';
  return {
    ...page,
    items: page.items.map((json) => (staff ? { json, ownerUserId: ownerInListRowJson(json).ownerUserId } : { json: withoutOwner(json), ownerUserId: null })),
  };
}

/**
 * Where a list row's JSON text names its owner: `"ownerUserId": <null or a string>`, as a key of the row (found in
 * the text without parsing it). A `"` that follows `{`, `,` or white space is never inside a string (there a quote
 * is always escaped, `\"`) and cannot close one (a string is followed by `,`, `:`, `]` or `}`), so the match is a key;
 * the list row has no nested objects, so it is the row's own. Throws when the row has no such key.
 */
export function ownerInListRowJson(json: string): { readonly ownerUserId: string | null; readonly start: number; readonly end: number } {
  const match = OWNER_KEY.exec(json);
  if (!match) throw new Error('An order list row without ownerUserId.');
  const value = match[1]!;
  const end = match.index + match[0].length;
  return { ownerUserId: value === 'null' ? null : (JSON.parse(value) as string), start: end - value.length, end };
}
const OWNER_KEY = /[{,]\s*"ownerUserId"\s*:\s*(null|"(?:[^"\\]|\\.)*")/;

/** The row's JSON text with `"ownerUserId": null`. */
function withoutOwner(json: string): string {
  const owner = ownerInListRowJson(json);
  return owner.ownerUserId === null ? json : `${json.slice(0, owner.start)}null${json.slice(owner.end)}`;
}

/** How a page's rows are read: by the list's criteria, or (a search's page) by id. */
interface RowReader<R> {
  find(options: FindOptions): Promise<R[]>;
  byIds(ids: string[]): Promise<Map<string, R>>;
}

async function listPage<R>(
  store: DocumentSession,
  scope: OrderScope,
  query: OrderListQuery,
  rows: RowReader<R>,
): Promise<Omit<OrderListPage, 'items'> & { items: R[] }> {
  const { page: _page, pageSize: _pageSize, sort: _sort, ...criteria } = query;
  const skip = (query.page - 1) * query.pageSize;
  const sort = [
    { path: query.sort.field, direction: query.sort.direction },
    { path: 'refId', direction: 'asc' },
  ] as const;
  // A search's page read from the words: how many orders match, where the word's count tells it.
  let wordsTotal: number | undefined;
  // How many rows matched for the page (its items may be fewer when an order left the list meanwhile), and its items.
  const pageOf = async (): Promise<{ matched: number; items: R[] }> => {
    if (narrowSearchOf(criteria) === undefined) {
      const items = await rows.find({ filter: orderListFilter(scope, criteria), sort, skip, limit: query.pageSize });
      return { matched: items.length, items };
    }
    // A one-word search sorted by customer: the page's ids from the words (D111), then those list rows by id.
    const fromWords = await wordSearchPage(store, scope, criteria, query.sort, skip, query.pageSize);
    if (fromWords) {
      wordsTotal = fromWords.total;
      const byId = await rows.byIds([...fromWords.ids]);
      return { matched: fromWords.ids.length, items: fromWords.ids.flatMap((id) => byId.get(id) ?? []) };
    }
    // A search: the page's ids from the narrow rows, then those list rows by id, in the page's order.
    const entries = await store
      .collection<OrderSearchEntry>(ORDER_SEARCH)
      .find({ filter: orderListFilter(scope, criteria, true), sort, skip, limit: query.pageSize });
    const byId = await rows.byIds(entries.map((entry) => entry._id));
    return { matched: entries.length, items: entries.flatMap((entry) => byId.get(entry._id) ?? []) };
  };
  // The criteria alone: a page or a sort is no narrowing (it made every total a count of the list before).
  const countAll = async () => wordsTotal ?? countOrders(store, scope, criteria, ORDER_LIST_COUNT_LIMIT + 1);
  let items: R[];
  let total: number;
  let totalCapped = false;
  if (narrowsBeyondCounts(scope, criteria)) {
    // A count of the list reads its matches: a page that is not full (a search without a hit) already tells it.
    const found = await pageOf();
    items = found.items;
    if (found.matched < query.pageSize && (found.matched > 0 || skip === 0)) total = skip + found.matched;
    else {
      total = await countAll();
      totalCapped = total > ORDER_LIST_COUNT_LIMIT;
      if (totalCapped) total = ORDER_LIST_COUNT_LIMIT;
    }
  } else {
    let found: { items: R[] };
    [found, total] = await Promise.all([pageOf(), countAll()]);
    items = found.items;
  }
  return { items, total, totalCapped, page: query.page, pageSize: query.pageSize };
}

/** How many of the dictionary's words a search may match for its page to be read from the words (D111). */
export const WORD_SEARCH_MAX_WORDS = 30;
/** How deep into a search's matches a page read from the words may go: each word reads up to the page's end. */
const WORD_SEARCH_MAX_ROWS = 1000;

/**
 * The page's order ids read from the search's words (D111), and how many orders match where the word's count tells it
 * (one word, every order of the scope); undefined where the words do not answer the question:
 * - a search with other characters than letters, or one that a reference's word holds (the rows leave the references
 *   out), or that more than WORD_SEARCH_MAX_WORDS words hold;
 * - another sort than by customer ascending (the rows' one index), or a page deep into the matches;
 * - criteria beyond the countries: a status too, since the rows do not keep it (an order's status changes do not
 *   write them);
 * - a customer's scope (a company's rows would be found among every company's).
 * Each word's rows are read in the page's order up to the page's end; merged, an order found under two words counts once.
 */
async function wordSearchPage(
  store: DocumentSession,
  scope: OrderScope,
  criteria: OrderCriteria,
  sort: OrderListQuery['sort'],
  skip: number,
  pageSize: number,
): Promise<{ readonly ids: readonly string[]; readonly total?: number } | undefined> {
  const { search, statuses, countries: _countries, ...others } = criteria;
  const text = normaliseSearch(search?.trim() ?? '');
  if (scope.kind !== 'staff' || sort.field !== 'customerName' || sort.direction !== 'asc' || skip + pageSize > WORD_SEARCH_MAX_ROWS || !isOneWordSearch(text))
    return undefined;
  if (narrowsByStatus(statuses)) return undefined;
  if (Object.values(others).some((value) => value !== undefined && !(typeof value === 'string' && value.trim() === ''))) return undefined;
  const holding = { word: { includes: text } };
  // Without a limit: a prepared statement's generic plan for a limit walks the table in id order until enough words
  // hold the pattern, all of it when none does; without one the pattern's own plan (the trigram index) is kept.
  const entries = await store.collection<OrderSearchDictionaryEntry>(ORDER_SEARCH_DICTIONARY).find({ filter: holding });
  if (entries.length > WORD_SEARCH_MAX_WORDS) return undefined;
  if ((await store.collection<OrderSearchReferenceWord>(ORDER_SEARCH_REFERENCE_WORDS).find({ filter: holding })).length > 0) return undefined;
  const words = entries.map((entry) => entry.word);
  // One word's rows, as its index has them: the word (one value, as a range of text the index compares), then the page's order.
  const rowSort = [
    { path: 'word', direction: 'asc' },
    { path: 'customerName', direction: 'asc' },
    { path: 'refId', direction: 'asc' },
  ] as const;
  const filter = orderListFilter(scope, { countries: criteria.countries });
  const rowsOf = (word: string) =>
    store
      .collection<OrderSearchWord>(ORDER_SEARCH_WORDS)
      .find({ filter: { $and: [filter, { word: { gte: word, lte: word } }] }, sort: rowSort, limit: skip + pageSize });
  const found = await Promise.all(words.map(rowsOf));
  const merged = found.flat().sort((a, b) => compareCodePoints(a.customerName, b.customerName) || compareCodePoints(a.refId, b.refId));
  const ids = [...new Set(merged.map((row) => row.orderId))];
  // One word, every order in the scope: its orders are its rows, which its count counts (no count of the rows).
  const counted =
    words.length === 1 && !criteria.countries?.length && scope.countries.length === 0
      ? await store.collection<OrderSearchWordCount>(ORDER_SEARCH_WORD_COUNTS).get(words[0]!)
      : null;
  return { ids: ids.slice(skip, skip + pageSize), total: counted ? Math.min(counted.data.orders, ORDER_LIST_COUNT_LIMIT + 1) : undefined };
}

/** Text in the order of its code points, as the stores sort it (PostgreSQL's "C" collation, MongoDB's binary order). */
export function compareCodePoints(a: string, b: string): number {
  for (let i = 0; i < a.length && i < b.length;) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    i += x > 0xffff ? 2 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/**
 * How many visible orders meet the criteria: a sum of the projection's counts when only the scope and the statuses
 * narrow them (reading a few count documents instead of every order), a count of the list otherwise, no further
 * than `upTo` when given.
 */
async function countOrders(store: DocumentSession, scope: OrderScope, criteria: OrderCriteria, upTo?: number): Promise<number> {
  if (narrowsBeyondCounts(scope, criteria)) {
    const narrow = narrowSearchOf(criteria) !== undefined;
    return store.collection(narrow ? ORDER_SEARCH : ORDER_LIST).count(orderListFilter(scope, criteria, narrow), { upTo });
  }
  const filter: Filter[] = [scopeFilter(scope)];
  if (criteria.statuses && criteria.statuses.length > 0) filter.push({ status: { in: [...criteria.statuses] } });
  if (criteria.countries?.length && scope.kind === 'staff') filter.push({ country: { in: [...criteria.countries] } });
  const counts = await store.collection<OrderCount>(ORDER_COUNTS).find({ filter: { $and: filter } });
  return counts.reduce((sum, entry) => sum + entry.count, 0);
}

/**
 * Whether the criteria narrow the list by more than the counts are kept by (company, country, status). Every
 * criterion not named here narrows, so a criterion added later is counted exactly until the counts learn it.
 */
function narrowsBeyondCounts(scope: OrderScope, criteria: OrderCriteria): boolean {
  const { statuses: _statuses, countries: _countries, search, customer, endCustomer, ...others } = criteria;
  if (search?.trim()) return true;
  if (scope.kind === 'staff' && (customer?.trim() || endCustomer?.trim())) return true;
  return Object.values(others).some((value) => value !== undefined);
}

/**
 * The orders waiting for their customer (an offer to decide on, a PO number to add, feedback to give, a draft or
 * a change to finish): the oldest first, at most `limit`.
 */
export async function listActionRequired(store: DocumentSession, scope: OrderScope, limit = 50): Promise<readonly OrderListItem[]> {
  const filter: Filter = {
    $and: [
      scopeFilter(scope),
      { status: { in: [...CUSTOMER_VISIBLE_STATUSES] } },
      { $or: CUSTOMER_ACTIONS.map((action) => ({ actionRequired: { has: action } })) },
    ],
  };
  const items = await store.collection<OrderListItem>(ORDER_LIST).find({
    filter,
    sort: [
      { path: 'updatedAt', direction: 'asc' },
      { path: 'refId', direction: 'asc' },
    ],
    limit,
  });
  return items.map(({ ownerUserId: _owner, ...item }) => ({ ...item, ownerUserId: null }));
}

/** How many of the visible orders meeting the criteria (statuses aside) have each status: the stats cards. */
export async function countOrdersByStatus(
  store: DocumentSession,
  scope: OrderScope,
  criteria: Omit<OrderCriteria, 'statuses'>,
  statuses: readonly OrderStatus[] = scope.kind === 'staff' ? ORDER_STATUSES : CUSTOMER_VISIBLE_STATUSES,
): Promise<{ total: number; byStatus: Partial<Record<OrderStatus, number>> }> {
  const counts = await Promise.all(statuses.map(async (status) => [status, await countOrders(store, scope, { ...criteria, statuses: [status] })] as const));
  const byStatus: Partial<Record<OrderStatus, number>> = {};
  let total = 0;
  for (const [status, count] of counts) {
    if (count === 0) continue;
    byStatus[status] = count;
    total += count;
  }
  return { total, byStatus };
}

/**
 * Every visible order meeting the criteria, in the list's order, one page of the read store at a time, by keyset
 * (D92): each page is read after the last row of the one before (its sort value, then its reference, which is unique
 * and the list's own tie-break), so a page costs its own rows where an index serves the sort, however far into the
 * list, and an order added, changed or removed meanwhile shifts no other row: an order that meets the criteria
 * throughout with the same sort value comes exactly once. Orders without a sort value come first ascending and last
 * descending, as the list sorts them: they are read as a part of their own, by reference.
 */
export async function* eachOrderPage(
  store: DocumentSession,
  scope: OrderScope,
  query: OrderCriteria & { readonly sort: OrderListQuery['sort'] },
  pageSize = 1000,
): AsyncGenerator<readonly OrderListItem[]> {
  const criteria = orderListFilter(scope, query);
  const orders = store.collection<OrderListItem>(ORDER_LIST);
  const { field, direction } = query.sort;
  const sort = [
    { path: field, direction },
    { path: 'refId', direction: 'asc' },
  ] as const;
  for (const withValue of direction === 'asc' ? [false, true] : [true, false]) {
    for (let after: OrderListItem | undefined; ;) {
      const page = await orders.find({ filter: { $and: [criteria, keysetFilter(field, direction, withValue, after)] }, sort, limit: pageSize });
      if (page.length > 0) yield page;
      if (page.length < pageSize) break;
      after = page.at(-1);
    }
  }
}

/**
 * The rows after `after` in the list's order, among those with (`withValue`) or without a value of the sort field.
 * The bound on the sort field alone (>= or <=) is what a sort index can start from; the rest only drops the rows
 * of the same value up to `after`'s reference.
 */
function keysetFilter(field: OrderListSortField, direction: 'asc' | 'desc', withValue: boolean, after: OrderListItem | undefined): Filter {
  if (!withValue) return after ? { [field]: null, refId: { gt: after.refId } } : { [field]: null };
  if (!after) return { [field]: { ne: null } };
  const value = after[field];
  // Every sort field holds text; anything else would have no place in the order the bound below describes.
  if (typeof value !== 'string') throw new Error(`The order list's ${field} of ${after.refId} is not text.`);
  return direction === 'asc'
    ? { [field]: { gte: value }, $or: [{ [field]: { gt: value } }, { refId: { gt: after.refId } }] }
    : { [field]: { lte: value }, $or: [{ [field]: { lt: value } }, { refId: { gt: after.refId } }] };
}

/** The ids of every order in the scope that meets the criteria, for bulk actions. */
export async function findOrderIds(store: DocumentSession, scope: OrderScope, criteria: OrderCriteria): Promise<string[]> {
  const narrow = narrowSearchOf(criteria) !== undefined;
  const orders = await store
    .collection<{ _id: string }>(narrow ? ORDER_SEARCH : ORDER_LIST)
    .find({ filter: orderListFilter(scope, criteria, narrow), sort: [{ path: 'refId', direction: 'asc' }] });
  return orders.map((order) => order._id);
}
