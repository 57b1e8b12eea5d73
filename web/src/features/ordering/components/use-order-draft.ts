import type { Actor } from '@onsite/domain';
import { useEffect, useState } from 'react';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard';
import type { FieldErrors } from '../../../lib/forms/forms';
import type { Profile } from '../../../lib/session/session';
import type { SavedOrder } from '../api/ordering';
import { emptyOrderForm, type OrderForm } from '../model';
import { initialForm, ownerOf } from './initial-form';
import { localDrafts, type DraftKind } from './local-drafts';

/** Whether a field's error goes when these parts of the form change. */
const touchedBy = (field: string, touched: readonly string[]) =>
  touched.some(
    (k) =>
      field === k ||
      field.startsWith(`${k}.`) ||
      (k === 'location' && field.startsWith('location')) ||
      (k === 'frames' && field.startsWith('frames')) ||
      (k === 'scheduleEdits' && field === 'frames.0.schedule'),
  );

/**
 * The form being filled in, its field errors, and what is not saved yet: every change is kept in this browser at once
 * (a reload or the next login offers it again), and leaving with unsaved changes asks first.
 */
export function useOrderDraft({
  kind,
  profile,
  saved,
  params,
  actor,
  picked,
  setPicked,
}: {
  kind: DraftKind;
  profile: Profile;
  saved: SavedOrder | null;
  params: URLSearchParams;
  actor: Actor | null;
  picked: File[];
  setPicked: (files: File[]) => void;
}) {
  const owner = ownerOf(profile);
  const [start] = useState(() => initialForm(kind, profile, saved, params, actor));
  const [form, setForm] = useState<OrderForm>(start.form);
  const [baseline, setBaseline] = useState(() =>
    JSON.stringify(saved && !start.restored ? start.form : emptyOrderForm(start.form.location.country, start.form.services, start.form.creationType)),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);
  const snapshot = JSON.stringify(form);
  const dirty = !done && (snapshot !== baseline || picked.length > 0);
  const guard = useUnsavedChangesGuard(dirty);

  useEffect(() => {
    if (!done && dirty) localDrafts.save(owner, kind, form, saved?.refId ?? null);
  }, [snapshot, dirty, done, owner, kind, saved?.refId]); // eslint-disable-line react-hooks/exhaustive-deps

  const update = (patch: Partial<OrderForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    const touched = Object.keys(patch);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !touchedBy(field, touched))));
  };
  const discard = () => {
    localDrafts.clear(owner, kind);
    const fresh = emptyOrderForm(profile.country, [], form.creationType);
    setForm(fresh);
    setBaseline(JSON.stringify(fresh));
    setPicked([]);
    setErrors({});
  };
  return { owner, restored: start.restored, form, update, errors, setErrors, snapshot, setBaseline, setDone, guard, discard };
}

export type OrderDraft = ReturnType<typeof useOrderDraft>;
