import type { Actor } from '../identity/actor.js';
import type { OrderCommand, OrderCommandType } from './commands.js';
import { decideOrder } from './decide.js';
import type { OrderEvent } from './events.js';
import { evolveOrder, foldOrder } from './evolve.js';
import { initialOrderState, type OrderState } from './state.js';
import { CUSTOMER_VISIBLE_STATUSES, ORDER_STATUSES, type OrderStatus, type OrderStatusOrNone } from './statuses.js';
import {
  AFTER_OFFER_EXPIRY,
  contextOf,
  DIRECT_ORDER_CONTENT,
  DIRECT_ORDER_HISTORY,
  EC_ADMIN,
  ev,
  NOW,
  OEM_ACCEPTED_HISTORY,
  OEM_ADMIN,
  refusal,
  SAMPLE_COMMANDS,
  STAFF,
  staffOnBehalfOf,
  stateIn,
} from './test-support/order-fixtures.js';
import { allowedStatuses, isAllowedIn, ORDER_TRANSITIONS, type Party, type Transition } from './transitions.js';

const COMMAND_TYPES = Object.keys(ORDER_TRANSITIONS) as OrderCommandType[];
const CHANGING: readonly OrderStatusOrNone[] = ['REQUESTED_QUOTE', 'OFFERED', 'ORDER_SUBMITTED', 'EXPIRED'];

function actorFor(party: Party): Actor {
  return party === 'customer' ? EC_ADMIN : STAFF;
}

interface Scenario {
  readonly state: OrderState;
  readonly command: OrderCommand;
  readonly actor: Actor;
  readonly now: string;
}

/** The smallest history that satisfies a transition's condition, and a command that meets it. */
function scenarioFor(type: OrderCommandType, transition: Transition, from: OrderStatusOrNone): Scenario {
  const base: Scenario = {
    state: from === 'none' ? initialOrderState : stateIn(from),
    command: SAMPLE_COMMANDS[type],
    actor: actorFor(ORDER_TRANSITIONS[type].by),
    now: NOW,
  };
  const pendingChange = CHANGING.includes(from) ? [ev.changeRequested()] : [];
  switch (type) {
    case 'UpdateDraft':
    case 'RemoveFiles':
      return from === 'none' ? base : { ...base, state: stateIn(from as OrderStatus, pendingChange) };
    case 'SubmitOrder':
      if (transition.event === 'DIRECT_ORDER') {
        const history = from === 'INCOMPLETE' ? [ev.created('DIRECT_ORDER', DIRECT_ORDER_CONTENT)] : [...DIRECT_ORDER_HISTORY, ev.changeRequested()];
        return { ...base, state: foldOrder(history), actor: OEM_ADMIN };
      }
      return { ...base, state: stateIn(from as OrderStatus, pendingChange) };
    case 'CompleteOrder':
      return { ...base, state: foldOrder(OEM_ACCEPTED_HISTORY), actor: OEM_ADMIN };
    case 'ExpireOffer':
      return { ...base, now: AFTER_OFFER_EXPIRY };
    case 'DeleteOrder':
      return from === 'DELETED' ? { ...base, command: { type: 'DeleteOrder', data: { ...SAMPLE_COMMANDS.DeleteOrder.data, forever: true } } } : base;
    case 'RemoveSupervisor':
      return { ...base, state: stateIn(from as OrderStatus, [ev.supervisorAdded()]) };
    default:
      return base;
  }
}

function expectedStatus(transition: Transition, from: OrderStatusOrNone): OrderStatusOrNone {
  if (transition.to === 'unchanged') return from;
  // Every CLOSED history closes a submitted order.
  if (transition.to === 'previous') return 'ORDER_SUBMITTED';
  return transition.to;
}

describe('the transition table', () => {
  it('lists at least one transition for every command, each with at least one status', () => {
    for (const type of COMMAND_TYPES) {
      expect(ORDER_TRANSITIONS[type].transitions.length).toBeGreaterThan(0);
      expect(allowedStatuses(type).size).toBeGreaterThan(0);
    }
  });

  it('answers whether a command is allowed in a status', () => {
    expect(isAllowedIn('AcceptOffer', 'OFFERED')).toBe(true);
    expect(isAllowedIn('AcceptOffer', 'REQUESTED_QUOTE')).toBe(false);
    expect(isAllowedIn('CreateOrder', 'none')).toBe(true);
  });
});

describe('every allowed transition: given the history, when the command, then the event and the status of the table', () => {
  const cases = COMMAND_TYPES.flatMap((type) =>
    ORDER_TRANSITIONS[type].transitions.flatMap((transition) => transition.from.map((from) => ({ type, transition, from }))),
  );

  it.each(cases)('$type from $from → $transition.event', ({ type, transition, from }) => {
    const { state, command, actor, now } = scenarioFor(type, transition, from);
    const events: OrderEvent[] = decideOrder(command, state, contextOf(actor, now));
    expect(events.map((event) => event.type)).toEqual([transition.event]);
    expect(events.reduce(evolveOrder, state).status).toBe(expectedStatus(transition, from));
  });
});

describe('every (command, status) pair outside the table is refused with orderError naming the status', () => {
  const cases = COMMAND_TYPES.flatMap((type) => ORDER_STATUSES.filter((status) => !allowedStatuses(type).has(status)).map((status) => ({ type, status })));

  it.each(cases)('$type in $status', ({ type, status }) => {
    const lifecycle = ORDER_TRANSITIONS[type];
    // Staff on behalf of the order's customer pass the party check; they see what the customer sees.
    const actor = lifecycle.by === 'customer' ? staffOnBehalfOf(EC_ADMIN) : STAFF;
    const decide = () => decideOrder(SAMPLE_COMMANDS[type], stateIn(status), contextOf(actor));
    if (lifecycle.by === 'customer' && !CUSTOMER_VISIBLE_STATUSES.includes(status)) {
      // An order customers may not see (in preparation, deleted) is not found: its status does not leak.
      expect(refusal(decide).code).toBe('not_found');
      return;
    }
    if (lifecycle.elsewhere === 'ignored') {
      expect(decide()).toEqual([]);
      return;
    }
    const error = refusal(decide);
    expect(error.code).toBe('orderError');
    expect(error.message).toBe(`The order is in ${status} status.`);
  });
});

describe('commands on an order that does not exist', () => {
  const onExisting = COMMAND_TYPES.filter((type) => !allowedStatuses(type).has('none'));

  it.each(onExisting)('%s is refused with not_found', (type) => {
    const actor = ORDER_TRANSITIONS[type].by === 'customer' ? EC_ADMIN : STAFF;
    expect(refusal(() => decideOrder(SAMPLE_COMMANDS[type], initialOrderState, contextOf(actor))).code).toBe('not_found');
  });
});
