import { ORDER_STATUSES, type OrderEventType } from '@onsite/domain';
import { ORDER_LIST_COUNT_LIMIT } from '@onsite/contracts';
import { createStores, type Collection, type DocumentSession, type DocumentStore, type Stores } from '@onsite/infrastructure';
import { describeWithPostgres, dropSchema, uniqueSchemaName } from '../../../../services/infrastructure/src/test-support/postgres.js';
import {
  caseOrder,
  CASE_TYPES,
  expectEveryEventAppliedTwiceToChangeNothing,
  JOB_SCHEDULE,
  OFFER_EXPIRES_AT,
  OFFER_EXTENDED_TO,
  project,
  storeWithEveryCase,
  streamOf,
} from '../../test-support/order-lifecycle.js';
import {
  ORDER_LIST,
  ORDER_SEARCH,
  ORDER_SEARCH_DICTIONARY,
  ORDER_SEARCH_REFERENCE_WORDS,
  ORDER_SEARCH_WORD_COUNTS,
  ORDER_SEARCH_WORDS,
  SEARCH_TEXT_SEPARATOR,
  searchEntryOf,
  searchWordId,
  searchWordRowsOf,
  type OrderListItem,
  type OrderSearchDictionaryEntry,
  type OrderSearchEntry,
  type OrderSearchReferenceWord,
  type OrderSearchWord,
  type OrderSearchWordCount,
} from './order-list.js';
import {
  compareCodePoints,
  countOrdersByStatus,
  eachOrderPage,
  findOrderIds,
  listActionRequired,
  listOrders,
  listOrdersJson,
  WORD_SEARCH_MAX_WORDS,
} from './order-list.queries.js';

const STAFF = { kind: 'staff', countries: [] } as const;
const TIME_FRAME = { windowStart: '2026-06-15T08:00:00', windowEnd: '2026-06-17T18:00:00' };
const NEWEST_FIRST = { field: 'updatedAt', direction: 'desc' } as const;

/** The store as a session that calls `seen` at each call of `method` on the named collections. */
function watchedSession(store: DocumentStore, method: 'count' | 'find', names: readonly string[], seen: () => void): DocumentSession {
  return {
    ...store,
    getCheckpoint: (projection) => store.getCheckpoint(projection),
    setCheckpoint: (projection, checkpoint) => store.setCheckpoint(projection, checkpoint),
    collection: <T>(name: string): Collection<T> =>
      new Proxy(store.collection<T>(name), {
        get: (target, key) => {
          const value = Reflect.get(target, key) as (...args: unknown[]) => unknown;
          if (key !== method || !names.includes(name)) return value.bind(target);
          return (...args: unknown[]) => (seen(), value.apply(target, args));
        },
      }),
  };
}

/** The order's row in the lists after each event (staff's view); `undefined` where the event takes it off the lists. */
const AFTER: { readonly [T in OrderEventType]: (row: OrderListItem) => void } = {
  CREATE: (r) => {
    expect(r).toMatchObject({
      status: 'INCOMPLETE',
      type: 'quote',
      endCustomerName: 'Bramley Bottling plc',
      locationName: 'Plant Munich',
      city: 'München',
      actionRequired: ['FINISH_DRAFT'],
    });
    expect(r).toMatchObject({
      serviceNames: ['Sensor and instrument calibration'],
      serviceIds: ['svc-calibration'],
      firstStart: '2026-06-15T08:00:00',
      timeZone: 'Europe/Berlin',
      requestedAt: null,
      ...TIME_FRAME,
    });
  },
  UPDATE: (r) =>
    expect(r).toMatchObject({ status: 'INCOMPLETE', type: 'order', creationType: 'DIRECT_ORDER', locationName: 'Plant Augsburg', city: 'Augsburg' }),
  GET_QUOTE: (r) => expect(r).toMatchObject({ status: 'REQUESTED_QUOTE', requestedAt: caseOrder('GET_QUOTE').at(2), actionRequired: [] }),
  DIRECT_ORDER: (r) => expect(r).toMatchObject({ status: 'ORDER_SUBMITTED', type: 'order', requestedAt: caseOrder('DIRECT_ORDER').at(2), actionRequired: [] }),
  CREATE_IN_PREPARATION: (r) => expect(r).toMatchObject({ status: 'IN_PREPARATION', requestedAt: null, actionRequired: [] }),
  UPDATE_IN_PREPARATION: (r) => expect(r).toMatchObject({ status: 'IN_PREPARATION', city: 'Augsburg' }),
  CONVERT: (r) => expect(r).toMatchObject({ status: 'REQUESTED_QUOTE', requestedAt: caseOrder('CONVERT').at(2) }),
  CONVERT_INCOMPLETE: (r) => expect(r).toMatchObject({ status: 'INCOMPLETE', actionRequired: ['FINISH_DRAFT'] }),
  OFFER: (r) => expect(r).toMatchObject({ status: 'OFFERED', offerExpiresAt: OFFER_EXPIRES_AT, actionRequired: ['DECIDE_ON_OFFER'] }),
  OFFER_REMOVED: (r) => expect(r).toMatchObject({ status: 'REQUESTED_QUOTE', offerExpiresAt: null, actionRequired: [] }),
  EXPIRE: (r) => expect(r).toMatchObject({ status: 'EXPIRED', offerExpiresAt: null, actionRequired: [] }),
  OFFER_EXTENSION_REQUESTED: (r) => expect(r).toMatchObject({ status: 'OFFERED', offerExpiresAt: OFFER_EXPIRES_AT, actionRequired: ['DECIDE_ON_OFFER'] }),
  OFFER_EXTENDED: (r) => expect(r).toMatchObject({ status: 'OFFERED', offerExpiresAt: OFFER_EXTENDED_TO }),
  ACCEPT_OFFER: (r) => expect(r).toMatchObject({ status: 'ORDER_SUBMITTED', offerExpiresAt: null, actionRequired: ['ADD_PO_NUMBER'] }),
  REJECT: (r) => expect(r).toMatchObject({ status: 'DECLINED', offerExpiresAt: null, actionRequired: [] }),
  DECLINE: (r) => expect(r).toMatchObject({ status: 'DECLINED', actionRequired: [] }),
  CHANGE_REQUEST: (r) => expect(r).toMatchObject({ status: 'OFFERED', hasChanges: true, actionRequired: ['FINISH_CHANGE'] }),
  COMPLETE: (r) => expect(r).toMatchObject({ status: 'ORDER_SUBMITTED', city: 'Augsburg' }),
  PO_UPDATED: (r) => expect(r).toMatchObject({ status: 'ORDER_SUBMITTED', actionRequired: [] }),
  CANCEL: (r) => expect(r.status).toBe('CANCELED'),
  CLOSE: (r) => expect(r.status).toBe('CLOSED'),
  REOPEN: (r) => expect(r.status).toBe('ORDER_SUBMITTED'),
  DELETE: (r) => expect(r.status).toBe('DELETED'),
  COMMENT: (r) => expect(r.status).toBe('REQUESTED_QUOTE'),
  CHANGE_OWNER: (r) => expect(r.ownerUserId).toBe('staff-ben'),
  SUPERVISOR_ADDED: (r) => expect(r.status).toBe('REQUESTED_QUOTE'),
  SUPERVISOR_REMOVED: (r) => expect(r.status).toBe('REQUESTED_QUOTE'),
  FINANCIAL_INFO_UPDATED: (r) => expect(r.status).toBe('REQUESTED_QUOTE'),
  LOCAL_CONTACT_UPDATED: (r) => expect(r.status).toBe('REQUESTED_QUOTE'),
  FILE_REMOVED: (r) => expect(r).toMatchObject({ status: 'OFFERED', hasChanges: true }),
  FEEDBACK_SAVED: (r) => expect(r).toMatchObject({ status: 'JOB_COMPLETED', actionRequired: [] }),
  CREATE_JOB_SPECIFICATION: (r) => expect(r).toMatchObject({ status: 'JOB_IN_PLANNING', ...TIME_FRAME, technicianNames: [] }),
  JOB_PLANNING: (r) => expect(r).toMatchObject({ status: 'JOB_IN_PLANNING', windowStart: JOB_SCHEDULE.from }),
  JOB_PLANNED: (r) =>
    expect(r).toMatchObject({ status: 'JOB_PLANNED', windowStart: JOB_SCHEDULE.from, windowEnd: JOB_SCHEDULE.to, technicianNames: ['Max Huber'] }),
  JOB_IN_PROGRESS: (r) => expect(r).toMatchObject({ status: 'JOB_IN_PROGRESS', windowStart: JOB_SCHEDULE.from }),
  JOB_COMPLETED: (r) => expect(r).toMatchObject({ status: 'JOB_COMPLETED', actionRequired: ['GIVE_FEEDBACK'] }),
  JOB_CANCELLED: (r) => expect(r.status).toBe('JOB_CANCELLED'),
  JOB_CLOSED: (r) => expect(r.status).toBe('JOB_CLOSED'),
  BILLED: (r) => expect(r.status).toBe('BILLED'),
};

describe('order list read model', () => {
  let stores: Stores;
  const companyScope = (type: OrderEventType) => ({ kind: 'company', companyId: caseOrder(type).companyId }) as const;
  const rowsOf = async (type: OrderEventType, scope: Parameters<typeof listOrders>[1] = STAFF) =>
    (await listOrders(stores.documentStore, scope, { page: 1, pageSize: 50, sort: NEWEST_FIRST, search: caseOrder(type).refId })).items;

  beforeAll(async () => {
    stores = await storeWithEveryCase();
  });
  afterAll(async () => stores.close());

  it.each(CASE_TYPES)("%s: the order's row, and the status counts of its customer", async (type) => {
    const [row, ...others] = await rowsOf(type);
    const { refId, companyId, customerName, at } = caseOrder(type);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ refId, companyId, customerName, country: 'de', createdAt: at(1), updatedAt: at(streamOf(type).length) });
    AFTER[type](row!);
    // The list's total and the status cards come from the counts: one order, in the status it has now.
    expect(await countOrdersByStatus(stores.documentStore, companyScope(type), {}, ORDER_STATUSES)).toEqual({ total: 1, byStatus: { [row!.status]: 1 } });
  });

  it('an order deleted forever leaves the lists and the counts', async () => {
    const stream = streamOf('DELETE');
    const forever = {
      ...stream.at(-1)!,
      data: { reason: 'Duplicate', internalComment: 'Entered twice', forever: true },
      streamVersion: stream.length + 1,
      eventId: 'o-delete-forever',
    };
    await project(stores.documentStore, [forever]);
    expect(await rowsOf('DELETE')).toEqual([]);
    expect(await countOrdersByStatus(stores.documentStore, companyScope('DELETE'), {}, ORDER_STATUSES)).toEqual({ total: 0, byStatus: {} });
  });

  it('customers see their own orders only, without the owner; staff see the owner', async () => {
    expect((await rowsOf('CHANGE_OWNER', companyScope('CHANGE_OWNER')))[0]).toMatchObject({ refId: caseOrder('CHANGE_OWNER').refId, ownerUserId: null });
    expect(await rowsOf('CHANGE_OWNER', companyScope('OFFER'))).toEqual([]);
    const page = await listOrders(stores.documentStore, companyScope('OFFER'), { page: 1, pageSize: 10, sort: NEWEST_FIRST });
    expect(page).toMatchObject({ total: 1, items: [{ refId: caseOrder('OFFER').refId }] });
  });

  it("lists the same pages as JSON text (listOrdersJson), a customer's rows without their owner", async () => {
    const changed = caseOrder('CHANGE_OWNER');
    const queries = [
      { page: 1, pageSize: 100, sort: NEWEST_FIRST },
      { page: 2, pageSize: 5, sort: { field: 'customerName', direction: 'asc' } },
      { page: 1, pageSize: 10, sort: NEWEST_FIRST, search: changed.refId },
      { page: 1, pageSize: 10, sort: NEWEST_FIRST, search: `x${SEARCH_TEXT_SEPARATOR}y` },
      { page: 1, pageSize: 10, sort: NEWEST_FIRST, statuses: ['OFFERED'], hasChanges: true },
    ] as const;
    for (const scope of [STAFF, companyScope('CHANGE_OWNER'), companyScope('OFFER')]) {
      for (const query of queries) {
        const { items, ...page } = await listOrdersJson(stores.documentStore, scope, query);
        const parsed = items.map((item) => JSON.parse(item.json) as OrderListItem);
        expect({ ...page, items: parsed }).toEqual(await listOrders(stores.documentStore, scope, query));
        expect(items.map((item) => item.ownerUserId)).toEqual(parsed.map((row) => row.ownerUserId));
      }
    }
    const owned = async (scope: Parameters<typeof listOrdersJson>[1]) =>
      (await listOrdersJson(stores.documentStore, scope, queries[0])).items.find((item) => item.json.includes(changed.refId));
    expect(await owned(STAFF)).toMatchObject({ ownerUserId: 'staff-ben' });
    const customers = await owned(companyScope('CHANGE_OWNER'));
    expect(customers).toMatchObject({ ownerUserId: null });
    expect(JSON.parse(customers!.json)).toMatchObject({ refId: changed.refId, ownerUserId: null });
    expect(customers!.json).not.toContain('staff-ben');
  });

  it('sorts, pages, counts and filters the whole list', async () => {
    const listed = CASE_TYPES.length - 1; // the order deleted forever is gone
    const first = await listOrders(stores.documentStore, STAFF, { page: 1, pageSize: 5, sort: { field: 'refId', direction: 'asc' } });
    expect(first.total).toBe(listed);
    expect(first.items.map((row) => row.refId)).toEqual(['ON-26-000001', 'ON-26-000002', 'ON-26-000003', 'ON-26-000004', 'ON-26-000005']);
    const offered = await listOrders(stores.documentStore, STAFF, { page: 1, pageSize: 50, sort: NEWEST_FIRST, statuses: ['OFFERED'] });
    expect(offered.items.map((row) => row._id).sort()).toEqual([
      'o-change_request',
      'o-file_removed',
      'o-offer',
      'o-offer_extended',
      'o-offer_extension_requested',
    ]);
    expect(offered.total).toBe(5);
    expect((await listOrders(stores.documentStore, STAFF, { page: 1, pageSize: 50, sort: NEWEST_FIRST, hasChanges: true })).total).toBe(2);
    expect((await findOrderIds(stores.documentStore, STAFF, { statuses: ['BILLED', 'JOB_CLOSED'] })).sort()).toEqual(['o-billed', 'o-job_closed']);
    const pages = [];
    for await (const page of eachOrderPage(stores.documentStore, STAFF, { sort: NEWEST_FIRST }, 10)) pages.push(page.length);
    expect(pages).toEqual([10, 10, 10, listed - 30]);
  });

  it('keeps one search row per listed order, made from its list row, and none for an order deleted forever', async () => {
    const byId = (a: { _id: string }, b: { _id: string }) => a._id.localeCompare(b._id);
    const listRows = (await stores.documentStore.collection<OrderListItem>(ORDER_LIST).find()).sort(byId);
    const searchRows = (await stores.documentStore.collection<OrderSearchEntry>(ORDER_SEARCH).find()).sort(byId);
    expect(listRows).toHaveLength(CASE_TYPES.length - 1);
    expect(searchRows).toEqual(listRows.map(searchEntryOf));
    // The words: exactly those of the listed orders' texts now (an order's edits moved them, the one deleted forever
    // left none), each in the dictionary.
    const wordRows = await stores.documentStore.collection<OrderSearchWord>(ORDER_SEARCH_WORDS).findDocuments();
    const expected = listRows.flatMap((row) => [...searchWordRowsOf(row).values()]);
    expect(Object.fromEntries(wordRows.map((row) => [row.id, row.data]))).toEqual(
      Object.fromEntries(expected.map((row) => [searchWordId(row.orderId, row.word), row])),
    );
    expect(wordRows.some((row) => row.data.word === 'augsburg') && wordRows.some((row) => row.data.word === 'münchen')).toBe(true);
    // Each word's orders are counted (a word the edits took from every order stays, with none: 'delete', the customer
    // whose order was deleted forever), and each word is in the dictionary.
    const counts = await stores.documentStore.collection<OrderSearchWordCount>(ORDER_SEARCH_WORD_COUNTS).findDocuments();
    const orders = new Map<string, number>();
    for (const row of expected) orders.set(row.word, (orders.get(row.word) ?? 0) + 1);
    expect(Object.fromEntries(counts.filter((entry) => entry.data.orders > 0).map((entry) => [entry.id, entry.data.orders]))).toEqual(
      Object.fromEntries(orders),
    );
    expect(counts.filter((entry) => entry.data.orders === 0).map((entry) => entry.id)).toEqual(['delete']);
    const dictionary = (await stores.documentStore.collection<OrderSearchDictionaryEntry>(ORDER_SEARCH_DICTIONARY).find()).map((entry) => entry.word);
    expect(dictionary.sort()).toEqual(counts.map((entry) => entry.id).sort());
    // The references' words without a digit are apart, and none of their words has rows.
    const references = (await stores.documentStore.collection<OrderSearchReferenceWord>(ORDER_SEARCH_REFERENCE_WORDS).find()).map((entry) => entry.word);
    expect(references).toEqual(['on']);
    expect(wordRows.filter((row) => ['on', '26', ...CASE_TYPES.map((type) => caseOrder(type).refId.slice(-6))].includes(row.data.word))).toEqual([]);
  });

  it('searches the reference, customer, location and city, case-insensitively, never across two fields', async () => {
    const { refId, customerName } = caseOrder('UPDATE');
    const found = async (search: string) =>
      (await listOrders(stores.documentStore, STAFF, { page: 1, pageSize: 50, sort: NEWEST_FIRST, search })).items.map((row) => row.refId);
    const all = (await listOrders(stores.documentStore, STAFF, { page: 1, pageSize: 50, sort: NEWEST_FIRST })).items;
    const expected = (test: (row: OrderListItem) => boolean) => all.filter(test).map((row) => row.refId);
    const has = (value: string | null, part: string) => value !== null && value.toLowerCase().includes(part.toLowerCase());
    for (const search of [refId.toLowerCase(), customerName.slice(2, 9).toUpperCase(), 'plant augs', 'AUGSBURG', 'münchen']) {
      const hits = expected((row) => has(row.refId, search) || has(row.customerName, search) || has(row.locationName, search) || has(row.city, search));
      expect(hits.length).toBeGreaterThan(0);
      expect(await found(search)).toEqual(hits);
    }
    // The end of one field and the start of the next is no match, with or without the rows' separator in the search.
    const row = all.find((r) => r.city === 'Augsburg')!;
    expect(await found(`${row.locationName!.slice(-3)}${row.city!.slice(0, 3)}`)).toEqual([]);
    expect(await found(`${row.locationName!.slice(-3)}${SEARCH_TEXT_SEPARATOR}${row.city!.slice(0, 3)}`)).toEqual([]);
    expect(await findOrderIds(stores.documentStore, STAFF, { search: refId })).toEqual([caseOrder('UPDATE').orderId]);
  });

  it('lists what waits for each customer, oldest first', async () => {
    const waiting = async (type: OrderEventType) => (await listActionRequired(stores.documentStore, companyScope(type))).map((row) => row.actionRequired);
    expect(await waiting('OFFER')).toEqual([['DECIDE_ON_OFFER']]);
    expect(await waiting('ACCEPT_OFFER')).toEqual([['ADD_PO_NUMBER']]);
    expect(await waiting('JOB_COMPLETED')).toEqual([['GIVE_FEEDBACK']]);
    expect(await waiting('FEEDBACK_SAVED')).toEqual([]);
    expect(await waiting('CHANGE_REQUEST')).toEqual([['FINISH_CHANGE']]);
  });

  it('applied twice (every event again, one by one and then in one batch), changes nothing', async () => {
    await expectEveryEventAppliedTwiceToChangeNothing(stores.documentStore);
  });
});

describe('order list totals', () => {
  let stores: Stores;
  /**
   * The store, counting the count statements of the list and of its search rows (a count reads every match; the
   * per-status counts do not).
   */
  let counted: number;
  let session: DocumentSession;
  const SEARCH = 'Bulkstadt';

  beforeAll(async () => {
    stores = await storeWithEveryCase();
    const list = stores.documentStore.collection<OrderListItem>(ORDER_LIST);
    const template = (await list.get('o-offer'))!.data;
    // One more than the limit, all matching one search, in a company of their own.
    const bulk = Array.from({ length: ORDER_LIST_COUNT_LIMIT + 1 }, (_, n) => ({
      id: `bulk-${n}`,
      revision: 1,
      data: {
        ...template,
        _id: `bulk-${n}`,
        refId: `ON-BULK-${String(n).padStart(5, '0')}`,
        companyId: 'c-bulk',
        city: SEARCH,
        status: 'REQUESTED_QUOTE' as const,
      },
    }));
    await list.upsertMany(bulk);
    await stores.documentStore
      .collection<OrderSearchEntry>(ORDER_SEARCH)
      .upsertMany(bulk.map((document) => ({ ...document, data: searchEntryOf(document.data) })));
    session = watchedSession(stores.documentStore, 'count', [ORDER_LIST, ORDER_SEARCH], () => (counted += 1));
  });
  beforeEach(() => {
    counted = 0;
  });
  afterAll(async () => stores.close());

  it('counts a search no further than the limit, and says there are more', async () => {
    const page = await listOrders(session, STAFF, { page: 1, pageSize: 10, sort: { field: 'refId', direction: 'asc' }, search: SEARCH });
    expect(page).toMatchObject({ total: ORDER_LIST_COUNT_LIMIT, totalCapped: true });
    expect(page.items.map((row) => row.refId)).toEqual(Array.from({ length: 10 }, (_, n) => `ON-BULK-0000${n}`));
    expect(counted).toBe(1);
    // The last page is not full: it tells the total itself, exactly.
    const last = await listOrders(
      session,
      { kind: 'company', companyId: 'c-bulk' },
      { page: 101, pageSize: 10, sort: { field: 'refId', direction: 'asc' }, search: SEARCH },
    );
    expect(last).toMatchObject({ total: ORDER_LIST_COUNT_LIMIT + 1, totalCapped: false, items: [{ refId: 'ON-BULK-01000' }] });
    expect(counted).toBe(1);
  });

  it('counts a search below the limit exactly, and one without a hit without counting', async () => {
    expect(await listOrders(session, STAFF, { page: 1, pageSize: 10, sort: NEWEST_FIRST, search: 'no such plant' })).toMatchObject({
      total: 0,
      totalCapped: false,
      items: [],
    });
    expect(counted).toBe(0);
    const few = await listOrders(session, STAFF, { page: 1, pageSize: 10, sort: NEWEST_FIRST, search: 'ON-BULK-000' });
    expect(few).toMatchObject({ total: 100, totalCapped: false });
    expect(counted).toBe(1);
  });

  it('totals a list narrowed by the scope and the statuses only from the per-status counts, on any page and sort', async () => {
    const offered = await listOrders(session, STAFF, { page: 2, pageSize: 2, sort: { field: 'offerExpiresAt', direction: 'asc' }, statuses: ['OFFERED'] });
    expect(offered).toMatchObject({ total: 5, totalCapped: false });
    expect(offered.items).toHaveLength(2);
    expect(counted).toBe(0);
  });
});

describe('order list pages of an export (keyset)', () => {
  let stores: Stores;
  let orders: Collection<OrderListItem>;
  beforeAll(async () => {
    stores = await storeWithEveryCase();
    orders = stores.documentStore.collection<OrderListItem>(ORDER_LIST);
  });
  afterAll(async () => stores.close());

  // Sorts with ties (many orders share an update time), and with orders without a value (first ascending, last descending).
  const SORTS = [
    { field: 'refId', direction: 'asc' },
    { field: 'updatedAt', direction: 'desc' },
    { field: 'customerName', direction: 'asc' },
    { field: 'offerExpiresAt', direction: 'asc' },
    { field: 'requestedAt', direction: 'desc' },
    { field: 'updatedAt', direction: 'asc' },
  ] as const;
  const listOf = async (sort: (typeof SORTS)[number]) =>
    (await listOrders(stores.documentStore, STAFF, { page: 1, pageSize: 200, sort })).items.map((row) => row._id);

  it.each(SORTS)('reads the whole list in its order, page by page (%o)', async (sort) => {
    const pages: string[][] = [];
    for await (const page of eachOrderPage(stores.documentStore, STAFF, { sort }, 4)) pages.push(page.map((row) => row._id));
    expect(pages.flat()).toEqual(await listOf(sort));
    expect(pages.slice(0, -1).every((page) => page.length <= 4)).toBe(true);
  });

  // Changes of all the tests below, in the order they happen: the time of each (later than any before) and its revision.
  let changes = 0;
  it.each(SORTS.slice(0, 5))('orders added and changed between pages skip or repeat no other order (%o)', async (sort) => {
    const before = await listOf(sort);
    const rows = new Map((await orders.find()).map((row) => [row._id, row]));
    const template = rows.get(before[0]!)!;
    const read: string[] = [];
    const changed = new Set<string>();
    let added = 0;
    for await (const page of eachOrderPage(stores.documentStore, STAFF, { sort }, 3)) {
      read.push(...page.map((row) => row._id));
      // Before the next page: a new order at each end of the list (in every sort here: the lowest and the highest
      // reference, the newest update, a customer name first or last), an order not read yet changed without moving
      // in this sort, and one already read updated now (it moves to the top of the newest first).
      const change = ++changes;
      const now = new Date(Date.UTC(2027, 0, 1) + change * 60_000).toISOString();
      // Lower references than any before (ON-25-999999, -999998, …) and higher ones.
      for (const [refId, customerName] of [
        [`ON-25-${1_000_000 - change}`, `A customer ${1_000_000 - change}`],
        [`ON-27-${100_000 + change}`, `Z customer ${100_000 + change}`],
      ] as const) {
        const id = `added-${refId}`;
        await orders.upsert(id, { ...template, _id: id, refId, customerName, updatedAt: now, createdAt: now }, 1);
      }
      added++;
      const ahead = before.find((id) => !read.includes(id) && !changed.has(id));
      if (ahead) {
        const row = rows.get(ahead)!;
        await orders.upsert(ahead, { ...row, city: `${row.city ?? ''} (changed)` }, 1000 + change);
        changed.add(ahead);
      }
      const behind = read.find((id) => before.includes(id) && !changed.has(id));
      if (behind) {
        await orders.upsert(behind, { ...rows.get(behind)!, updatedAt: now }, 1000 + change);
        changed.add(behind);
      }
    }
    expect(new Set(read).size).toBe(read.length);
    // Every order listed before comes exactly once, in the list's order (none of them moved in this sort).
    expect(read.filter((id) => before.includes(id))).toEqual(before);
    expect(added).toBeGreaterThan(5);
  });
});

/**
 * The search sorted by customer read from the words (D111), on the stores `open` gives: PGlite always, PostgreSQL
 * where it answers (on CI it must).
 */
function wordSearchSuite(open: () => Promise<Stores>, dispose: () => Promise<void> = async () => {}): void {
  let stores: Stores;
  let session: DocumentSession;
  /** The finds of the words' rows since the last test began. */
  let wordFinds: number;
  let all: readonly OrderListItem[];

  beforeAll(async () => {
    stores = await storeWithEveryCase(undefined, open);
    session = watchedSession(stores.documentStore, 'find', [ORDER_SEARCH_WORDS], () => (wordFinds += 1));
    all = (await listOrders(stores.documentStore, STAFF, { page: 1, pageSize: 200, sort: NEWEST_FIRST })).items;
  });
  beforeEach(() => {
    wordFinds = 0;
  });
  afterAll(async () => {
    await stores.close();
    await dispose();
  });

  /** The page as the list's rows answer it, in the stores' order (code points, then the reference). */
  const reference = (
    search: string,
    direction: 'asc' | 'desc',
    page: number,
    pageSize: number,
    statuses?: readonly string[],
    countries?: readonly string[],
  ) => {
    const has = (value: string | null) => value !== null && value.toLowerCase().includes(search.toLowerCase());
    const matches = all
      .filter((row) => has(row.refId) || has(row.customerName) || has(row.locationName) || has(row.city))
      .filter((row) => !statuses || statuses.includes(row.status))
      .filter((row) => !countries || countries.includes(row.country))
      .sort((a, b) => (direction === 'desc' ? -1 : 1) * compareCodePoints(a.customerName, b.customerName) || compareCodePoints(a.refId, b.refId));
    return { refs: matches.slice((page - 1) * pageSize, page * pageSize).map((row) => row.refId), total: matches.length };
  };

  // Parts of one word ('plant': every location, 'GSBU' inside 'augsburg', 'München' the city before the move, 'offer'
  // in customer names of several orders, 'of' in two words of one customer name and in 'offer'), one without a match,
  // each within countries.
  const SEARCHES = ['plant', 'GSBU', 'München', 'offer', 'of', 'zzz'];
  const NARROWING = [{}, { statuses: ORDER_STATUSES }, { countries: ['de'] }, { countries: ['pt'] }] as const;

  // Descending is answered by the search rows: the same answer either way.
  it.each(SEARCHES)('%s: every page, both ways, within countries, as the reference has it', async (search) => {
    for (const direction of ['asc', 'desc'] as const) {
      for (const narrowing of NARROWING) {
        const statuses = 'statuses' in narrowing ? narrowing.statuses : undefined;
        const countries = 'countries' in narrowing ? narrowing.countries : undefined;
        const expected = reference(search, direction, 1, 1000, statuses, countries);
        for (const pageSize of [3, 7]) {
          for (let page = 1; page <= Math.max(1, Math.ceil(expected.total / pageSize)); page++) {
            const scope = { kind: 'staff', countries: [] } as const;
            const query = { page, pageSize, sort: { field: 'customerName', direction }, search, statuses, countries } as const;
            const found = await listOrders(session, scope, query);
            expect({ refs: found.items.map((row) => row.refId), total: found.total }).toEqual(
              reference(search, direction, page, pageSize, statuses, countries),
            );
          }
        }
      }
    }
    // No word holds 'zzz': the dictionary alone answers it.
    if (search === 'zzz') expect(wordFinds).toBe(0);
    else expect(wordFinds).toBeGreaterThan(0);
  });

  it("a search with another character, a reference's word, another sort, a status or a customer's scope reads the search rows, with the same answer", async () => {
    const BY_CUSTOMER = { field: 'customerName', direction: 'asc' } as const;
    const statuses = ['OFFERED', 'REQUESTED_QUOTE', 'ORDER_SUBMITTED'] as const;
    for (const query of [
      { search: 'plant augsburg', sort: BY_CUSTOMER },
      { search: 'plant', sort: NEWEST_FIRST },
      { search: 'plant', sort: BY_CUSTOMER, statuses },
      // Held by references' words ('on-26-000003'): the words' rows leave the references out.
      { search: 'on', sort: BY_CUSTOMER },
      { search: '000003', sort: BY_CUSTOMER },
      { search: '26', sort: BY_CUSTOMER },
    ] as const) {
      const found = await listOrders(session, STAFF, { page: 1, pageSize: 50, ...query });
      const has = (value: string | null) => value !== null && value.toLowerCase().includes(query.search);
      const expected = all
        .filter((row) => has(row.refId) || has(row.customerName) || has(row.locationName) || has(row.city))
        .filter((row) => (query as { statuses?: readonly string[] }).statuses?.includes(row.status) ?? true);
      expect(found.items.map((row) => row.refId).sort()).toEqual(expected.map((row) => row.refId).sort());
      expect(found.items.length).toBeGreaterThan(0);
    }
    const own = all.find((row) => row.city === 'Augsburg')!;
    const customers = await listOrders(
      session,
      { kind: 'company', companyId: own.companyId },
      { page: 1, pageSize: 50, sort: { field: 'customerName', direction: 'asc' }, search: 'augsburg' },
    );
    expect(customers.items.map((row) => row.refId)).toContain(own.refId);
    expect(customers.items.every((row) => row.companyId === own.companyId)).toBe(true);
    expect(wordFinds).toBe(0);
  });

  it(`a search more than ${WORD_SEARCH_MAX_WORDS} words hold reads the search rows, with the same answer`, async () => {
    const holding = (await stores.documentStore.collection<OrderSearchDictionaryEntry>(ORDER_SEARCH_DICTIONARY).find()).filter((entry) =>
      entry.word.includes('e'),
    );
    expect(holding.length).toBeGreaterThan(WORD_SEARCH_MAX_WORDS);
    const found = await listOrders(session, STAFF, { page: 2, pageSize: 5, sort: { field: 'customerName', direction: 'asc' }, search: 'e' });
    expect({ refs: found.items.map((row) => row.refId), total: found.total }).toEqual(reference('e', 'asc', 2, 5));
    expect(wordFinds).toBe(0);
  });
}

describe('order list search sorted by customer, read from the words (PGlite)', () =>
  wordSearchSuite(() => createStores({ profile: 'embedded', dataDir: 'memory://' })));

describeWithPostgres('order list search sorted by customer, read from the words (PostgreSQL)', (url) => {
  const schema = uniqueSchemaName('order_words');
  wordSearchSuite(
    () => createStores({ profile: 'postgres', databaseUrl: url, schema }),
    () => dropSchema(url, schema),
  );
});
