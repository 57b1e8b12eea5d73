import type { ColumnDef, OnChangeFn, VisibilityState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useProfile } from '../lib/session/session';

const PREFIX = 'onsite.columns.';

function read(key: string): VisibilityState {
  try {
    const raw = window.localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, shown]) => typeof shown === 'boolean')) as VisibilityState;
  } catch {
    return {};
  }
}

function write(key: string, choice: VisibilityState): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(choice));
  } catch {
    // A full or blocked storage only costs remembering the choice.
  }
}

/** The columns a person may turn on and off: not the essential ones, not the ones that are never hidden (D196). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function choosableColumnIds<T>(columns: readonly ColumnDef<T, any>[]): string[] {
  return columns.filter((c) => c.id && c.enableHiding !== false && c.meta?.priority !== 'essential').map((c) => c.id!);
}

/** Which columns show before a person chooses: all but the 'optional' ones (D196). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function defaultColumnVisibility<T>(columns: readonly ColumnDef<T, any>[]): VisibilityState {
  return Object.fromEntries(choosableColumnIds(columns).map((id) => [id, columns.find((c) => c.id === id)?.meta?.priority !== 'optional']));
}

/**
 * A list table's column visibility (TanStack's state) as its user chose it in the column chooser, kept in this browser
 * per person and per table (D196). The person is the signed-in staff member also while they act for a customer.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useColumnVisibility<T>(tableId: string, columns: readonly ColumnDef<T, any>[]) {
  const profile = useProfile();
  const person = profile ? (profile.blUser?._id ?? profile._id) : 'anonymous';
  const key = `${PREFIX}${person}.${tableId}`;
  const [stored, setStored] = useState(() => ({ key, choice: read(key) }));
  // A different person (or table) on the same page reads their own choice.
  const choice = stored.key === key ? stored.choice : read(key);
  if (stored.key !== key) setStored({ key, choice });

  const defaults = useMemo(() => defaultColumnVisibility(columns), [columns]);
  const choosable = useMemo(() => choosableColumnIds(columns), [columns]);
  const columnVisibility = useMemo(() => {
    const known = Object.fromEntries(Object.entries(choice).filter(([id]) => choosable.includes(id)));
    return { ...defaults, ...known };
  }, [defaults, choice, choosable]);
  const onColumnVisibilityChange: OnChangeFn<VisibilityState> = (updater) => {
    const next = typeof updater === 'function' ? updater(columnVisibility) : updater;
    const kept = Object.fromEntries(Object.entries(next).filter(([id]) => choosable.includes(id)));
    setStored({ key, choice: kept });
    write(key, kept);
  };
  return { columnVisibility, onColumnVisibilityChange };
}
