import { decideOrder, evolveOrder, initialOrderState, type OrderCommand, type OrderEvent, type OrderState } from '@onsite/domain';
import type { Decider } from '../common/command-runner.js';

export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent> = {
  initialState: initialOrderState,
  evolve: evolveOrder,
  decide: decideOrder,
};
