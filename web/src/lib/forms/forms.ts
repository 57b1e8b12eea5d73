import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import type { ApiErrorDetail } from '../api/api-client';
import i18n, { i18nKey } from '../i18n/i18n';

/** Field path (`location.city`) → message: a translation key from the schema or a server text. */
export type FieldErrors = Record<string, string>;

export const validationMessages = {
  required: i18nKey('validation.required'),
  email: i18nKey('validation.email'),
  positiveInteger: i18nKey('validation.positiveInteger'),
  endBeforeStart: i18nKey('validation.endBeforeStart'),
  sameTimes: i18nKey('validation.sameTimes'),
  pastDate: i18nKey('validation.pastDate'),
  startInPast: i18nKey('validation.startInPast'),
  selectService: i18nKey('validation.selectService'),
  mustAccept: i18nKey('validation.mustAccept'),
};

/** The first issue per field wins; that is the one the user fixes first. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/**
 * Server validation details under the fields they name. `toField` maps an api path to a form field
 * (null: not shown inline). The message is `validation.<code>` or `error.<code>` when translated, else
 * the server's text.
 */
export function detailsToErrors(details: readonly ApiErrorDetail[], toField: (apiPath: string) => string | null = (p) => p): FieldErrors {
  const errors: FieldErrors = {};
  for (const detail of details) {
    const field = toField(detail.path);
    if (field === null || field in errors) continue;
    errors[field] = detailMessage(detail);
  }
  return errors;
}

/**
 * The details no field shows, so no problem goes unsaid: translated where possible, with the api path that
 * names the culprit (these mean the console and the api disagree, which support needs to see).
 */
export function unplacedDetails(details: readonly ApiErrorDetail[], toField: (apiPath: string) => string | null): string[] {
  const messages = details
    .filter((detail) => toField(detail.path) === null)
    .map((detail) => `${translateFieldError(detailMessage(detail)) ?? ''}${detail.path ? ` (${detail.path})` : ''}`);
  return [...new Set(messages)];
}

function detailMessage(detail: ApiErrorDetail): string {
  const known = [`validation.${detail.code}`, `error.${detail.code}`].find((key) => /^[\w.]+$/.test(key) && i18n.exists(key));
  return known ?? (detail.message || validationMessages.required);
}

/** A message from `FieldErrors` in the current language (keys are translated, server texts shown as sent). */
export function translateFieldError(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18n.exists(message) ? i18n.t(message) : message;
}

export type ValidationResult<Out> = { ok: true; data: Out } | { ok: false; errors: FieldErrors };

export interface FormState<T, Out> {
  values: T;
  errors: FieldErrors;
  setValue: <K extends keyof T>(key: K, value: T[K]) => void;
  setValues: (patch: Partial<T>) => void;
  /** Validates everything; from then on every change revalidates, so errors clear as they are fixed. */
  validate: () => ValidationResult<Out>;
  setErrors: (errors: FieldErrors) => void;
}

/**
 * Small form state around a zod schema: values, translated-key errors, live revalidation after a submit.
 * `crossCheck` adds rules that span fields (dates against each other and against today); it runs even when
 * other fields are still invalid, so every error shows at once.
 */
export function useZodForm<T extends Record<string, unknown>, Out = T>(
  schema: z.ZodType<Out>,
  initial: T | (() => T),
  crossCheck?: (values: T) => FieldErrors,
): FormState<T, Out> {
  const [values, setAll] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [validated, setValidated] = useState(false);

  const check = useCallback(
    (next: T): ValidationResult<Out> => {
      const result = schema.safeParse(next);
      const found = { ...(crossCheck?.(next) ?? {}), ...(result.success ? {} : issuesToErrors(result.error.issues)) };
      if (result.success && Object.keys(found).length === 0) return { ok: true, data: result.data };
      return { ok: false, errors: found };
    },
    [schema, crossCheck],
  );

  // The latest values, so two updates in one event handler do not overwrite each other.
  const latest = useRef(values);

  const update = (patch: Partial<T>) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setAll(next);
    if (validated) {
      const result = check(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  return {
    values,
    errors,
    setValue: (key, value) => update({ [key]: value } as unknown as Partial<T>),
    setValues: update,
    validate: () => {
      setValidated(true);
      const result = check(latest.current);
      setErrors(result.ok ? {} : result.errors);
      return result;
    },
    setErrors,
  };
}
