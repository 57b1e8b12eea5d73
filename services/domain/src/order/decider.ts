import type { Decider } from '../shared/decider.js';
import type { OrderCommand } from './commands.js';
import { decideOrder, orderVisibilityOf } from './decide.js';
import type { OrderEvent } from './events.js';
import { evolveOrder } from './evolve.js';
import { canSeeOrder } from './policy.js';
import { initialOrderState, type OrderState } from './state.js';

/** The order aggregate, as the api, the workers and the seed run it. */
export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent> = {
  initialState: initialOrderState,
  evolve: evolveOrder,
  decide: decideOrder,
  canSee: (state, actor) => state.status === 'none' || canSeeOrder(actor, orderVisibilityOf(state)),
};
