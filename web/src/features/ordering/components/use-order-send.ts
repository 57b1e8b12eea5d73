import type { Feasibility } from '@onsite/domain';
import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Language } from '../../../lib/i18n/languages';
import { clearFormError, notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { saveModeOf, useSaveDraft, useSubmitOrder, type SavedOrder } from '../api/ordering';
import type { toContent } from '../model';
import { localDrafts, type DraftKind } from './local-drafts';
import { STEPS, type OrderSteps } from './order-steps';
import { FORM_ERROR, useOrderChecks } from './use-order-checks';
import type { OrderDraft } from './use-order-draft';

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/** Sending the form (the next step, or the order at the end) and saving it as a draft on the server. */
export function useOrderSend({
  kind,
  lang,
  saved,
  picked,
  setPicked,
  draft,
  steps,
  oem,
  requireBilling,
  feasibility,
  content,
}: {
  kind: DraftKind;
  lang: Language;
  saved: SavedOrder | null;
  picked: File[];
  setPicked: (files: File[]) => void;
  draft: OrderDraft;
  steps: OrderSteps;
  oem: boolean;
  requireBilling: boolean;
  feasibility: Feasibility;
  content: () => ReturnType<typeof toContent>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const checks = useOrderChecks({ draft, steps, oem, requireBilling, feasibility });
  const submit = useSubmitOrder();
  const saveDraft = useSaveDraft();
  const mode = saveModeOf(saved);
  const { form, owner, snapshot } = draft;
  const idempotencyKey = useMemo(() => newKey(), [snapshot]); // eslint-disable-line react-hooks/exhaustive-deps
  const { stepper, active, goTo, params, setParams } = steps;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    checks.reset();
    if (stepper && active < STEPS.length - 1) {
      if (checks.check(STEPS[active]!.sections)) goTo(active + 1);
      return;
    }
    if (!checks.check()) return;
    const shortNotice = feasibility.rules.some((r) => r.rule === 'short_notice');
    submit.mutate(
      {
        mode,
        saved,
        creationType: form.creationType,
        content: content(),
        shortNoticeConfirmed: shortNotice && form.shortNoticeConfirmed,
        idempotencyKey,
        picked,
      },
      {
        onSuccess: (order) => {
          clearFormError(FORM_ERROR);
          setPicked([]);
          draft.setDone(true);
          draft.guard.allowNavigation();
          localDrafts.clear(owner, kind);
          notify(
            'success',
            t(form.creationType === 'DIRECT_ORDER' || mode === 'complete' ? 'ordering.done.order' : 'ordering.done.quote', { refId: order.refId }),
          );
          void navigate(paths.orderConfirmation(lang, order.refId));
        },
        onError: checks.fail,
      },
    );
  };
  const onSaveDraft = () => {
    checks.reset();
    saveDraft.mutate(
      { mode, saved, creationType: form.creationType, content: content(), idempotencyKey, picked },
      {
        onSuccess: (kept) => {
          clearFormError(FORM_ERROR);
          setPicked([]);
          notify('success', t('ordering.draft.saved', { refId: kept.refId }));
          localDrafts.save(owner, kind, form, kept.refId);
          draft.setBaseline(snapshot);
          const next = new URLSearchParams(params);
          next.set('draft', kept.refId);
          setParams(next, { replace: true });
        },
        onError: checks.fail,
      },
    );
  };
  return {
    formRef: checks.formRef,
    problems: checks.problems,
    conflict: checks.conflict,
    fail: checks.fail,
    mode,
    onSubmit,
    onSaveDraft,
    submitting: submit.isPending,
    savingDraft: saveDraft.isPending,
  };
}
