import { customerActionsOf, type CreationType, type CustomerAction, type OrderStatus, type OrderType } from '@onsite/domain';
import type { DocumentSession } from '@onsite/infrastructure';
import type { OrderDetailView } from '../order-detail/order-detail.js';
import type { OrderReadModel } from '../order-read-model.js';

/** The order lists' question (my service orders, order history, the work queue): which orders, a page at a time. */
export const ORDER_LIST = 'order_list';
/**
 * How many listed orders each (customer company, country, status) has: the list's total and the status cards are
 * sums of these, instead of a count over every order of the scope.
 */
export const ORDER_COUNTS = 'order_counts';

/**
 * The order list's search (D81): one narrow row per listed order with what the list filters and sorts by and one
 * search text, so that a broad search sorted by another field reads narrow rows and then only its page's list rows.
 */
export const ORDER_SEARCH = 'order_search';

/**
 * Between the searched fields in `ORDER_SEARCH`'s text: a search holding it is answered from the list itself, so a
 * match never spans two fields.
 */
export const SEARCH_TEXT_SEPARATOR = '\u001f';

/** The fields the list's search looks in (case-insensitive substrings), in the order of the search text. */
export const ORDER_SEARCHED_FIELDS = ['refId', 'customerName', 'locationName', 'city'] as const;

/**
 * The search text's normalisation, applied to the stored text and to a search alike: lower case (a case-insensitive
 * match is then a plain substring, which spares the database the case folding of every row it reads).
 */
export function normaliseSearch(text: string): string {
  return text.toLowerCase();
}

/** A row of `ORDER_SEARCH`: the list row's scope, filter and sort fields, and `text`, the searched fields joined, normalised. */
export type OrderSearchEntry = Pick<
  OrderListItem,
  | '_id'
  | 'refId'
  | 'status'
  | 'companyId'
  | 'country'
  | 'customerName'
  | 'endCustomerName'
  | 'hasChanges'
  | 'requestedAt'
  | 'createdAt'
  | 'updatedAt'
  | 'firstStart'
  | 'windowStart'
  | 'offerExpiresAt'
> & { readonly text: string };

export function searchEntryOf(item: OrderListItem): OrderSearchEntry {
  return {
    _id: item._id,
    refId: item.refId,
    status: item.status,
    companyId: item.companyId,
    country: item.country,
    customerName: item.customerName,
    endCustomerName: item.endCustomerName,
    hasChanges: item.hasChanges,
    requestedAt: item.requestedAt,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    firstStart: item.firstStart,
    windowStart: item.windowStart,
    offerExpiresAt: item.offerExpiresAt,
    text: normaliseSearch(ORDER_SEARCHED_FIELDS.map((field) => item[field] ?? '').join(SEARCH_TEXT_SEPARATOR)),
  };
}

/**
 * The search's words (D111): one row per listed order and word of its searched fields but the reference, in its
 * customer's order, so that a search made of letters reads the rows of the words holding it in the page's order and
 * stops after the page, instead of reading every order and rechecking the text. The row keeps only what rarely changes (the
 * scope and the sort by customer, not the status): it is written when the order is created and again only when a
 * searched field or the scope changes, not on the order's other events.
 */
export const ORDER_SEARCH_WORDS = 'order_search_words';

/**
 * Every word the rows have held (D111), with a trigram index: a search's words are those holding it. Written once per
 * word, with its first count. A word no order holds any more stays; a rebuild starts afresh.
 */
export const ORDER_SEARCH_DICTIONARY = 'order_search_dictionary';

/**
 * How many listed orders have a row under each word (D111), under the word as its id: a search that one word holds is
 * counted from here (staff seeing every order). Apart from the dictionary, so that a count's change rewrites a row
 * without an index on its content.
 */
export const ORDER_SEARCH_WORD_COUNTS = 'order_search_word_counts';

/**
 * The words without a digit of the references (D111: 'on' of 'ON-26-000123'). The rows leave the references out (three
 * of an order's seven words, one of them its own), so a search a reference's word holds is answered by the search
 * rows: a search with a digit always, one without when a word here holds it.
 */
export const ORDER_SEARCH_REFERENCE_WORDS = 'order_search_reference_words';

/** A row of `ORDER_SEARCH_WORDS`: one word of an order's search text and the fields its search filters and sorts by. */
export type OrderSearchWord = Pick<OrderListItem, 'refId' | 'companyId' | 'country' | 'customerName'> & { readonly orderId: string; readonly word: string };

/** A row of `ORDER_SEARCH_DICTIONARY`, under the word as its id. */
export interface OrderSearchDictionaryEntry {
  readonly word: string;
}

/** A row of `ORDER_SEARCH_WORD_COUNTS`, under the word as its id. */
export interface OrderSearchWordCount {
  readonly orders: number;
}

/** A row of `ORDER_SEARCH_REFERENCE_WORDS`, under the word as its id. */
export interface OrderSearchReferenceWord {
  readonly word: string;
}

/** The fields whose words have rows in `ORDER_SEARCH_WORDS`: the searched fields but the reference. */
const WORDED_FIELDS = ['customerName', 'locationName', 'city'] as const;

/**
 * The words of a normalised search text: its maximal runs of letters and digits, each once. A search made of letters
 * and digits only matches a text exactly when it is a part of one of these: its match cannot span a character that
 * is neither.
 */
export function searchWordsOf(text: string): string[] {
  return [...new Set(text.match(WORD_RUNS) ?? [])];
}
const WORD_RUNS = /[\p{L}\p{N}]+/gu;

/**
 * Whether a normalised search is made of letters only (D111): the words answer it, unless a reference's word holds it.
 * A digit could be a reference's, whose digits have no rows; a search with a digit is answered by the search rows.
 */
export function isOneWordSearch(search: string): boolean {
  return /^\p{L}+$/u.test(search);
}
const HAS_DIGIT = /\p{N}/u;

/** The id of a word's row: the order's id, then the word. */
export function searchWordId(orderId: string, word: string): string {
  return `${orderId}:${word}`;
}

/** The rows of `ORDER_SEARCH_WORDS` for a list row, by word: the words of its searched fields but the reference. */
export function searchWordRowsOf(item: OrderListItem): Map<string, OrderSearchWord> {
  const { _id: orderId, refId, companyId, country, customerName } = item;
  const text = normaliseSearch(WORDED_FIELDS.map((field) => item[field] ?? '').join(SEARCH_TEXT_SEPARATOR));
  return new Map(searchWordsOf(text).map((word) => [word, { orderId, word, refId, companyId, country, customerName }]));
}

/**
 * Brings an order's word rows from what they were (`before`, null: none) to what they are now (`after`, null: none):
 * a row that is the same is not written, a word that is gone is deleted, and each word's count follows.
 */
async function moveSearchWords(session: DocumentSession, version: number, before: OrderListItem | null, after: OrderListItem | null): Promise<void> {
  const was = before ? searchWordRowsOf(before) : new Map<string, OrderSearchWord>();
  const is = after ? searchWordRowsOf(after) : new Map<string, OrderSearchWord>();
  const words = session.collection<OrderSearchWord>(ORDER_SEARCH_WORDS);
  const dictionary = session.collection<OrderSearchDictionaryEntry>(ORDER_SEARCH_DICTIONARY);
  const counts = session.collection<OrderSearchWordCount>(ORDER_SEARCH_WORD_COUNTS);
  const count = async (word: string, step: 1 | -1) => {
    const stored = await counts.get(word);
    await counts.upsert(word, { orders: (stored?.data.orders ?? 0) + step }, (stored?.revision ?? 0) + 1);
    // A word without a count is new: the two are written together.
    if (!stored) await dictionary.upsert(word, { word }, 1);
  };
  for (const [word, row] of is) {
    const old = was.get(word);
    if (old && old.companyId === row.companyId && old.country === row.country && old.customerName === row.customerName && old.refId === row.refId) continue;
    await words.upsert(searchWordId(row.orderId, word), row, version);
    if (!old) await count(word, 1);
  }
  for (const [word, row] of was) {
    if (is.has(word)) continue;
    await words.delete(searchWordId(row.orderId, word));
    await count(word, -1);
  }
  // A reference never changes: its words without a digit are written with the order's first row (revision 1: a word
  // already there is not written again).
  if (!before && after) {
    const references = session.collection<OrderSearchReferenceWord>(ORDER_SEARCH_REFERENCE_WORDS);
    for (const word of searchWordsOf(normaliseSearch(after.refId))) if (!HAS_DIGIT.test(word)) await references.upsert(word, { word }, 1);
  }
}

export interface OrderCount {
  readonly companyId: string;
  readonly country: string;
  readonly status: string;
  readonly count: number;
}

/** One row of the order lists (my service orders, order history). */
export interface OrderListItem {
  readonly _id: string;
  readonly refId: string;
  readonly status: OrderStatus;
  readonly creationType: CreationType;
  readonly type: OrderType;
  readonly companyId: string;
  readonly customerName: string;
  readonly endCustomerName: string | null;
  readonly country: string;
  readonly locationName: string | null;
  readonly city: string | null;
  readonly serviceNames: readonly string[];
  /** Catalogue ids of the services, in the order of serviceNames (the console shows the names in its language). */
  readonly serviceIds: readonly string[];
  readonly requestedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Start of the preferred time frame, local to the location. */
  readonly firstStart: string | null;
  readonly timeZone: string | null;
  readonly hasChanges: boolean;
  readonly ownerUserId: string | null;
  /** When the open offer expires; null without one. */
  readonly offerExpiresAt: string | null;
  /** The service window, local to the location: the planned job's schedule, else the preferred time frame. */
  readonly windowStart: string | null;
  readonly windowEnd: string | null;
  /**
   * The names of the planned job's technicians (none before the job is planned); absent in rows written by version 7,
   * which serve until an upgrade swaps version 8 in (D210).
   */
  readonly technicianNames?: readonly string[];
  /** What the order waits for from its customer (none: it is in the provider's hands or done). */
  readonly actionRequired: readonly CustomerAction[];
}

function listItemOf(detail: OrderDetailView): OrderListItem {
  const { content } = detail;
  return {
    _id: detail._id,
    refId: detail.refId,
    status: detail.status,
    creationType: detail.creationType,
    type: detail.type,
    companyId: detail.customer.companyId,
    customerName: detail.customer.name,
    endCustomerName: content.endCustomer?.name ?? null,
    country: detail.country,
    locationName: content.location?.name ?? null,
    city: content.location?.city ?? null,
    serviceNames: content.services.map((s) => s.name),
    serviceIds: content.services.map((s) => s.serviceId),
    requestedAt: detail.requestedAt,
    createdAt: detail.createdAt,
    updatedAt: detail.updatedAt,
    firstStart: content.timeframes[0]?.date.from ?? null,
    timeZone: content.location?.timeZone ?? null,
    hasChanges: detail.hasChanges,
    ownerUserId: detail.ownerUserId,
    offerExpiresAt: detail.offers.find((offer) => offer.offerId === detail.openOfferId)?.expiresAt ?? null,
    windowStart: detail.job?.schedule?.from ?? content.timeframes[0]?.date.from ?? null,
    windowEnd: detail.job?.schedule?.to ?? content.timeframes[0]?.date.to ?? null,
    technicianNames: detail.job?.team.map((member) => member.name) ?? [],
    actionRequired: customerActionsOf(detail),
  };
}

/** Moves an order from its count (as listed before the event) to its count as listed now. */
async function moveCount(session: DocumentSession, before: OrderDetailView | null, after: OrderDetailView | null): Promise<void> {
  const key = (d: OrderDetailView) => `${d.customer.companyId}|${d.country}|${d.status}`;
  if (before && after && key(before) === key(after)) return;
  const counts = session.collection<OrderCount>(ORDER_COUNTS);
  for (const [detail, step] of [
    [before, -1],
    [after, 1],
  ] as const) {
    if (!detail) continue;
    const stored = await counts.get(key(detail));
    const count = (stored?.data.count ?? 0) + step;
    await counts.upsert(
      key(detail),
      { companyId: detail.customer.companyId, country: detail.country, status: detail.status, count },
      (stored?.revision ?? 0) + 1,
    );
  }
}

/** One row per order still listed (an order deleted forever leaves the list), and the counts per status. */
export const orderListReadModel: OrderReadModel<OrderDetailView> = {
  collections: [
    // A list's total and the status cards read these on every request; they change with an order's status.
    { name: ORDER_COUNTS, cachedFinds: true },
    {
      name: ORDER_SEARCH,
      indexes: [
        // One trigram index for the list's search (its text holds the four searched fields).
        { name: 'order_search_text', contains: 'text' },
        // A dense search in the list's default order, or sorted by customer, reads narrow rows in that order.
        {
          name: 'order_search_by_update',
          sort: [
            { path: 'updatedAt', direction: 'desc' },
            { path: 'refId', direction: 'asc' },
          ],
        },
        {
          name: 'order_search_by_customer',
          sort: [
            { path: 'customerName', direction: 'asc' },
            { path: 'refId', direction: 'asc' },
          ],
        },
      ],
    },
    {
      name: ORDER_SEARCH_WORDS,
      indexes: [
        // A one-word search sorted by customer reads, for each word holding it, its rows in the page's order (D111). The
        // word leads as text in a sort (not as an equality path, which compares JSON): such an index was ten times
        // faster to walk, and built faster. Ascending only: each index is paid by every quote request's rows.
        {
          name: 'words_by_customer',
          sort: [
            { path: 'word', direction: 'asc' },
            { path: 'customerName', direction: 'asc' },
            { path: 'refId', direction: 'asc' },
          ],
        },
      ],
    },
    { name: ORDER_SEARCH_DICTIONARY, indexes: [{ name: 'dictionary_word', contains: 'word' }] },
    { name: ORDER_SEARCH_WORD_COUNTS },
    // A handful of words: read whole.
    { name: ORDER_SEARCH_REFERENCE_WORDS },
    {
      name: ORDER_LIST,
      // The list's pages are sent as the rows' JSON text (D98): kept beside each row, read without a conversion.
      jsonText: true,
      indexes: [
        { name: 'order_list_ref', paths: ['refId'], unique: true },
        { name: 'order_list_company_status', paths: ['companyId', 'status'] },
        { name: 'order_list_country_status', paths: ['country', 'status'] },
        // The list's default order (latest change first): a page reads its own rows, not the whole list.
        {
          name: 'order_list_by_update',
          sort: [
            { path: 'updatedAt', direction: 'desc' },
            { path: 'refId', direction: 'asc' },
          ],
        },
        // The same within one customer company (every customer's list, and staff's customer pages).
        {
          name: 'order_list_company_by_update',
          within: ['companyId'],
          sort: [
            { path: 'updatedAt', direction: 'desc' },
            { path: 'refId', direction: 'asc' },
          ],
        },
        // A status in the order of its next deadline (the work queue's offers by expiry, a status card's list).
        {
          name: 'order_list_status_by_expiry',
          within: ['status'],
          sort: [
            { path: 'offerExpiresAt', direction: 'asc' },
            { path: 'refId', direction: 'asc' },
          ],
        },
        // Sorted by customer: a search sorted so reads rows in that order until its page is full.
        {
          name: 'order_list_by_customer',
          sort: [
            { path: 'customerName', direction: 'asc' },
            { path: 'refId', direction: 'asc' },
          ],
        },
        // The staff's customer and end-customer filters (case-insensitive substrings). The search reads ORDER_SEARCH's
        // one text index instead; a search holding the fields' separator, which reads the list's own four fields,
        // reads them without an index (D105).
        ...(['customerName', 'endCustomerName'] as const).map((path) => ({ name: `order_list_${path.toLowerCase()}_search`, contains: path })),
      ],
    },
  ],
  async apply({ orderId, version, before, after }, session) {
    const list = session.collection<OrderListItem>(ORDER_LIST);
    const search = session.collection<OrderSearchEntry>(ORDER_SEARCH);
    const wasListed = before && !before.deletedForever ? before : null;
    const listed = wasListed && listItemOf(wasListed);
    if (after.deletedForever) {
      await list.delete(orderId);
      await search.delete(orderId);
      await moveSearchWords(session, version, listed, null);
    } else {
      const item = listItemOf(after);
      await list.upsert(orderId, item, version);
      await search.upsert(orderId, searchEntryOf(item), version);
      await moveSearchWords(session, version, listed, item);
    }
    await moveCount(session, wasListed, after.deletedForever ? null : after);
  },
};
