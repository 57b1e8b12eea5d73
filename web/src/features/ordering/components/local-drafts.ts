import type { OrderForm } from '../model';

/** Which ordering form a local draft belongs to. */
export type DraftKind = 'checkout' | 'service-order' | 'service-quote';

interface StoredDraft {
  readonly form: OrderForm;
  /** The server draft (refId) the form edits, if it was saved there. */
  readonly ref: string | null;
  readonly savedAt: string;
}

const PREFIX = 'onsite.orderDraft.';
const keyOf = (owner: string, kind: DraftKind) => `${PREFIX}${owner}.${kind}`;

/**
 * The order in progress, kept in this browser per user (and per customer staff act for) and per form, so a
 * reload or a logout and login on the same browser finds it again. Cleared once the order is submitted.
 */
export const localDrafts = {
  load(owner: string, kind: DraftKind): StoredDraft | null {
    try {
      const raw = window.localStorage.getItem(keyOf(owner, kind));
      if (!raw) return null;
      const parsed = JSON.parse(raw) as StoredDraft;
      return parsed && typeof parsed === 'object' && parsed.form ? parsed : null;
    } catch {
      return null;
    }
  },
  save(owner: string, kind: DraftKind, form: OrderForm, ref: string | null): void {
    try {
      window.localStorage.setItem(
        keyOf(owner, kind),
        JSON.stringify({ form: { ...form, disclaimerAccepted: false, shortNoticeConfirmed: false }, ref, savedAt: new Date().toISOString() }),
      );
    } catch {
      // A full or blocked storage only costs the convenience of resuming.
    }
  },
  clear(owner: string, kind: DraftKind): void {
    try {
      window.localStorage.removeItem(keyOf(owner, kind));
    } catch {
      // Nothing to clear.
    }
  },
};
