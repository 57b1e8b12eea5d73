import { z } from 'zod';
import type { Decider } from '../shared/decider.js';
import { conflict, forbidden, notFound } from '../shared/errors.js';
import { assertNever, type DomainEvent } from '../shared/metadata.js';
import { canManageSupportContent } from '../support/support-contacts.js';

/**
 * The help area's manuals as the provider manages them (D212): one stream per manual, its PDF uploaded per language
 * (English required), created, changed and removed by staff administrators.
 */
export const manualStreamId = (id: string): string => `manual-${id}`;

const text = (max: number) => z.string().trim().min(1, 'This field is required.').max(max);
const localized = (max: number) => z.object({ en: text(max), de: text(max).optional(), pt: text(max).optional() });

/** A manual's PDF as stored: the server's storage path and the name it is downloaded under. */
export const ManualFileSchema = z
  .object({ path: z.string().regex(/^[0-9a-f-]{36}\.pdf$/, 'Not a stored PDF.'), name: z.string().trim().min(1).max(255) })
  .meta({ id: 'ManualFile' });
export type ManualFile = z.infer<typeof ManualFileSchema>;

const ManualFields = {
  title: localized(200),
  summary: localized(600),
  /** `YYYY-MM-DD`: when this edition was issued. */
  issued: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD.'),
};

/** A manual as its stream holds it. */
export const ManualEntrySchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  ...ManualFields,
  files: z.object({ en: ManualFileSchema, de: ManualFileSchema.optional(), pt: ManualFileSchema.optional() }),
});
export type ManualEntry = z.infer<typeof ManualEntrySchema>;

/**
 * A manual's file in a request: a new upload (POST /api/file/upload, a PDF), or the stored file kept as it is.
 */
const ManualFileInputSchema = z.union([z.object({ uploadId: z.string().trim().min(1).max(100) }), ManualFileSchema]);
export type ManualFileInput = z.infer<typeof ManualFileInputSchema>;

export const ManualInputSchema = z
  .object({
    ...ManualFields,
    files: z.object({ en: ManualFileInputSchema, de: ManualFileInputSchema.optional(), pt: ManualFileInputSchema.optional() }),
  })
  .meta({
    id: 'ManualInput',
    description:
      'A manual: its title and summary in English (German and Portuguese where translated), the date it was issued, and its PDF per language ' +
      '(English required): an upload id for a new file, or the stored file as the list answered it to keep it.',
  });
export type ManualInput = z.infer<typeof ManualInputSchema>;
export const ChangeManualSchema = ManualInputSchema.extend({ id: ManualEntrySchema.shape.id }).meta({ id: 'ChangeManual' });
export type ChangeManual = z.infer<typeof ChangeManualSchema>;
export const RemoveManualSchema = z.object({ id: ManualEntrySchema.shape.id }).meta({ id: 'RemoveManual' });

export type ManualEvent =
  | DomainEvent<'MANUAL_CREATED', { readonly entry: ManualEntry }>
  | DomainEvent<'MANUAL_CHANGED', { readonly entry: ManualEntry }>
  | DomainEvent<'MANUAL_REMOVED', { readonly id: string }>;

export interface ManualState {
  readonly entry: ManualEntry | null;
  readonly removed: boolean;
}

export type ManualCommand =
  | { readonly type: 'CreateManual'; readonly entry: ManualEntry }
  | { readonly type: 'ChangeManual'; readonly entry: ManualEntry }
  | { readonly type: 'RemoveManual'; readonly id: string };

const same = (a: ManualEntry, b: ManualEntry) => JSON.stringify(a) === JSON.stringify(b);

/** One manual: staff administrators write it (the `contentManagement` rule, as for the help questions). */
export const manualDecider: Decider<ManualCommand, ManualState, ManualEvent> = {
  initialState: { entry: null, removed: false },
  decide(command, state, ctx) {
    if (!canManageSupportContent(ctx.actor)) throw forbidden('Only staff administrators change the help content.');
    switch (command.type) {
      case 'CreateManual':
        if (state.entry) throw conflict('manual_exists', 'This manual exists already.');
        return [{ type: 'MANUAL_CREATED', data: { entry: command.entry } }];
      case 'ChangeManual':
        if (!state.entry || state.removed) throw notFound('There is no such manual.', 'manual_not_found');
        return same(state.entry, command.entry) ? [] : [{ type: 'MANUAL_CHANGED', data: { entry: command.entry } }];
      case 'RemoveManual':
        if (!state.entry) throw notFound('There is no such manual.', 'manual_not_found');
        return state.removed ? [] : [{ type: 'MANUAL_REMOVED', data: { id: state.entry.id } }];
      default:
        return assertNever(command, 'manual command');
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'MANUAL_CREATED':
      case 'MANUAL_CHANGED':
        return { ...state, entry: event.data.entry };
      case 'MANUAL_REMOVED':
        return { ...state, removed: true };
      default:
        return assertNever(event, 'manual event');
    }
  },
};
