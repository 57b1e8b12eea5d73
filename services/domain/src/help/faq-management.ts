import { z } from 'zod';
import { canManageSupportContent } from '../support/support-contacts.js';
import type { Decider } from '../shared/decider.js';
import { conflict, forbidden, notFound } from '../shared/errors.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import { FaqEntrySchema, type FaqEntry } from './help.js';

/**
 * The help area's questions as the provider manages them (D205): one stream per question, created, changed and removed
 * by staff administrators; customers read them in their language (English where untranslated).
 */
export const faqStreamId = (id: string): string => `faq-${id}`;

/** A question as staff enter it; the id is the server's. */
export const FaqInputSchema = FaqEntrySchema.omit({ id: true }).meta({
  id: 'FaqInput',
  description: 'A help question: its topic, the question and the answer (markdown) in English, and in German and Portuguese where translated.',
});
export type FaqInput = z.infer<typeof FaqInputSchema>;
export const ChangeFaqSchema = FaqEntrySchema.meta({ id: 'ChangeFaq' });
export const RemoveFaqSchema = FaqEntrySchema.pick({ id: true }).meta({ id: 'RemoveFaq' });

export type FaqEvent =
  | DomainEvent<'FAQ_CREATED', { readonly entry: FaqEntry }>
  | DomainEvent<'FAQ_CHANGED', { readonly entry: FaqEntry }>
  | DomainEvent<'FAQ_REMOVED', { readonly id: string }>;

export interface FaqState {
  readonly entry: FaqEntry | null;
  readonly removed: boolean;
}

export type FaqCommand =
  | { readonly type: 'CreateFaq'; readonly entry: FaqEntry }
  | { readonly type: 'ChangeFaq'; readonly entry: FaqEntry }
  | { readonly type: 'RemoveFaq'; readonly id: string };

const same = (a: FaqEntry, b: FaqEntry) => JSON.stringify(a) === JSON.stringify(b);

/** One question: staff administrators write it (the `contentManagement` rule, as for the support contacts). */
export const faqDecider: Decider<FaqCommand, FaqState, FaqEvent> = {
  initialState: { entry: null, removed: false },
  decide(command, state, ctx) {
    if (!canManageSupportContent(ctx.actor)) throw forbidden('Only staff administrators change the help content.');
    switch (command.type) {
      case 'CreateFaq':
        if (state.entry) throw conflict('faq_exists', 'This question exists already.');
        return [{ type: 'FAQ_CREATED', data: { entry: command.entry } }];
      case 'ChangeFaq':
        if (!state.entry || state.removed) throw notFound('There is no such question.', 'faq_not_found');
        return same(state.entry, command.entry) ? [] : [{ type: 'FAQ_CHANGED', data: { entry: command.entry } }];
      case 'RemoveFaq':
        if (!state.entry) throw notFound('There is no such question.', 'faq_not_found');
        return state.removed ? [] : [{ type: 'FAQ_REMOVED', data: { id: state.entry.id } }];
      default:
        return assertNever(command, 'faq command');
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'FAQ_CREATED':
      case 'FAQ_CHANGED':
        return { ...state, entry: event.data.entry };
      case 'FAQ_REMOVED':
        return { ...state, removed: true };
      default:
        return assertNever(event, 'faq event');
    }
  },
};
