import { z } from 'zod';
import { effectivePrincipal } from '../identity/actor.js';
import type { Decider } from '../shared/decider.js';
import { conflict, forbidden } from '../shared/errors.js';
import type { DomainEvent } from '../shared/metadata.js';

/** What a customer tells of a service the catalogue lacks. */
export const DescribeMissingServiceSchema = z
  .object({
    description: z.string().trim().min(1, 'This field is required.').max(2000),
    segmentId: z.string().trim().optional(),
    country: z.string().trim().min(1, 'This field is required.'),
    /** When the customer prefers to be called back, free text ('mornings'). */
    contactTime: z.string().trim().max(200).optional(),
  })
  .meta({ id: 'DescribeMissingService' });
export type DescribeMissingService = z.infer<typeof DescribeMissingServiceSchema>;

/** A person as a missing-service request names them (looked up by the api when the request is made). */
export interface RequestPerson {
  readonly userId: string;
  readonly name: string;
  readonly email?: string;
  readonly companyId?: string;
  readonly companyName?: string;
}

export type MissingServiceEvent = DomainEvent<
  'MISSING_SERVICE_DESCRIBED',
  DescribeMissingService & { readonly requestId: string; readonly requestedBy: RequestPerson; readonly onBehalfOf?: RequestPerson }
>;
export type MissingServiceCommand = {
  readonly type: 'DescribeMissingService';
  readonly data: DescribeMissingService & { readonly requestId: string; readonly requestedBy: RequestPerson; readonly onBehalfOf?: RequestPerson };
};
export type MissingServiceState = { readonly described: boolean };

export const missingServiceStreamId = (requestId: string): string => `missing-service-${requestId}`;

/**
 * 'Describe a missing service' (service portfolio): a customer — or staff acting for one — tells the
 * provider about a service the portfolio lacks. One stream per request; it is written once.
 */
export const missingServiceDecider: Decider<MissingServiceCommand, MissingServiceState, MissingServiceEvent> = {
  initialState: { described: false },
  evolve: (_state, event) => (event.type === 'MISSING_SERVICE_DESCRIBED' ? { described: true } : _state),
  decide(command, state, ctx) {
    if (effectivePrincipal(ctx.actor).type === 'BL') throw forbidden('Staff describe a missing service while acting for a customer.');
    if (state.described) throw conflict('already_described', 'This request was already sent.');
    return [{ type: 'MISSING_SERVICE_DESCRIBED', data: command.data }];
  },
};
