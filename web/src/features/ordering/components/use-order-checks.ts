import type { Feasibility } from '@onsite/domain';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api/api-client';
import { detailsToErrors, unplacedDetails } from '../../../lib/forms/forms';
import { clearFormError, notifyFormError } from '../../../lib/notify';
import { apiPathToField, formProblems, type SectionId } from '../model';
import type { OrderSteps } from './order-steps';
import type { OrderDraft } from './use-order-draft';

/** The form's one 'fields contain errors' notification: shown again it replaces itself, fixed it goes. */
export const FORM_ERROR = 'ordering';

/**
 * The form's checks before it is sent (the whole form, or one step's sections) and the server's refusals: each problem
 * at its field, the stepper on the first step with one, and the first invalid field in view.
 */
export function useOrderChecks({
  draft,
  steps,
  oem,
  requireBilling,
  feasibility,
}: {
  draft: OrderDraft;
  steps: OrderSteps;
  oem: boolean;
  requireBilling: boolean;
  feasibility: Feasibility;
}) {
  const [problems, setProblems] = useState<string[]>([]);
  const [conflict, setConflict] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { stepper, active, goTo, stepOf } = steps;
  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], #services [role="alert"]');
      invalid?.scrollIntoView({ block: 'center' });
      invalid?.focus?.({ preventScroll: true });
    });
  const check = (sections?: readonly SectionId[]): boolean => {
    const found = formProblems(draft.form, { oem, requireBilling, feasibility, ...(sections ? { onlySections: sections } : {}) });
    if (sections && !sections.includes('confirm')) delete found.disclaimerAccepted;
    draft.setErrors(found);
    if (Object.keys(found).length === 0) {
      clearFormError(FORM_ERROR);
      return true;
    }
    if (stepper && !sections) {
      const first = stepOf(Object.keys(found));
      if (first >= 0 && first !== active) goTo(first);
    }
    notifyFormError(FORM_ERROR);
    focusFirstError();
    return false;
  };
  const fail = (failure: unknown) => {
    if (!(failure instanceof ApiError)) return;
    if (failure.code === 'version_conflict') return setConflict(true);
    if (failure.code === 'validation_error' || failure.details.length) {
      const placed = detailsToErrors(failure.details, apiPathToField);
      draft.setErrors(placed);
      setProblems(unplacedDetails(failure.details, apiPathToField));
      if (stepper) {
        const first = stepOf(Object.keys(placed));
        if (first >= 0) goTo(first);
      }
      focusFirstError();
    }
  };
  /** Before sending again: the last answer's problems go. */
  const reset = () => {
    setProblems([]);
    setConflict(false);
  };
  return { formRef, problems, conflict, check, fail, reset };
}
