import { z } from 'zod';
import type { CommandContext } from '../shared/command.js';
import { countryInfo } from '../shared/countries.js';
import type { Decider } from '../shared/decider.js';
import { forbidden, notFound } from '../shared/errors.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import { emailField, REQUIRED, requiredText } from './rules.js';

/**
 * First-run setup: on a store without a provider (BL) company, one request creates the provider company and its
 * first administrator. The stream holds the one fact that setup was done, appended at expected version 0, so of
 * two concurrent setups exactly one wins and setup can never run twice.
 */
export const SETUP_STREAM = 'setup-main';

export const SETUP_COUNTRY_UNKNOWN = 'Choose the country of the provider company.';

/** What the setup screen (and `npm run setup`) sends: the provider company and its first administrator. */
export const ProviderSetupSchema = z
  .object({
    companyName: requiredText(),
    country: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, { error: REQUIRED })
      .refine((c) => countryInfo(c) !== undefined, { error: SETUP_COUNTRY_UNKNOWN }),
    firstName: requiredText(),
    lastName: requiredText(),
    email: emailField,
  })
  .meta({ id: 'ProviderSetup', description: 'The provider company and its first administrator, who sets a password through the e-mailed link.' });
export type ProviderSetup = z.infer<typeof ProviderSetupSchema>;

export type SetupEvent = DomainEvent<
  'PROVIDER_SET_UP',
  { readonly companyId: string; readonly adminUserId: string; readonly companyName: string; readonly headless: boolean }
>;
export type SetupState = { readonly done: boolean };
export type SetupCommand = { readonly type: 'CompleteSetup'; readonly data: SetupEvent['data'] };

/** A setup done is gone for good: asking again is 404, like an unknown route. */
export const setupDecider: Decider<SetupCommand, SetupState, SetupEvent> = {
  initialState: { done: false },
  decide(command: SetupCommand, state: SetupState, ctx: CommandContext): SetupEvent[] {
    switch (command.type) {
      case 'CompleteSetup': {
        if (state.done) throw notFound();
        // The setup acts as the new provider administrator (who holds the token), never for anyone else.
        if (ctx.actor.type !== 'BL' || ctx.actor.role !== 'ADMIN' || ctx.actor.onBehalfOf) throw forbidden();
        return [{ type: 'PROVIDER_SET_UP', data: command.data }];
      }
      default:
        return assertNever(command.type, 'setup command');
    }
  },
  evolve(_state: SetupState, event: SetupEvent): SetupState {
    switch (event.type) {
      case 'PROVIDER_SET_UP':
        return { done: true };
      default:
        return assertNever(event.type, 'setup event');
    }
  },
};
