import { evolveOrder, initialOrderState, type OrderEvent, type OrderState, type RecordedEvent } from '@onsite/domain';
import { CASE_TYPES, streamOf } from '../test-support/order-lifecycle.js';
import { applyOrderEvent, type OrderDetailView } from './order-detail/order-detail.js';
import { restOfState, stateBefore } from './order-state.js';

/** As a document store hands it back. */
const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('the folded order state from the detail and its rest (D83)', () => {
  const reordered = (): RecordedEvent[] => {
    const [create, ...rest] = streamOf('DECLINE');
    const data = { ...(create!.data as object), reorderedFrom: { orderId: 'o-old', refId: 'ON-26-000001' } };
    return [{ ...create!, data }, ...rest];
  };
  const streams: [string, RecordedEvent[]][] = [
    ...CASE_TYPES.map((type): [string, RecordedEvent[]] => [type, streamOf(type)]),
    ['a reorder, declined', reordered()],
  ];

  it.each(streams)('%s: after every event it is the state the domain folds, as stored', (_name, events) => {
    let folded: OrderState = initialOrderState;
    let detail: OrderDetailView | null = null;
    let rest = {};
    for (const recorded of events) {
      const from = stateBefore(detail, rest);
      expect(from).toEqual(stored(folded));
      const next = applyOrderEvent(recorded, from, detail);
      folded = evolveOrder(folded, { type: recorded.type, data: recorded.data } as OrderEvent);
      expect(stored(next.state)).toEqual(stored(folded));
      if (next.state.status !== 'none') rest = stored(restOfState(next.state));
      detail = next.detail ? stored(next.detail) : detail;
    }
    expect(stateBefore(detail, rest)).toEqual(stored(folded));
    expect(folded.status).not.toBe('none');
  });

  it('keeps only what the detail does not show', () => {
    const events = streamOf('REOPEN');
    let state: OrderState = initialOrderState;
    const rests = events.map((recorded) => {
      state = evolveOrder(state, { type: recorded.type, data: recorded.data } as OrderEvent);
      return state.status === 'none' ? {} : restOfState(state);
    });
    // CREATE, GET_QUOTE, OFFER, ACCEPT_OFFER, CLOSE, REOPEN: only the closed order carries what it reopens to.
    expect(rests.map((rest) => Object.keys(rest))).toEqual([[], [], [], [], ['reopensTo'], []]);
  });
});
