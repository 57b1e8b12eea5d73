import { Stack, Text } from '@mantine/core';
import { effectivePrincipal } from '@onsite/domain';
import type { TFunction } from 'i18next';
import { useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { Section } from '../../../components/Section';
import { actorOf } from '../../../lib/session/actor';
import type { Language } from '../../../lib/i18n/languages';
import type { Profile } from '../../../lib/session/session';
import { saveModeOf, useOrderingCompany, type SavedOrder } from '../api/ordering';
import { feasibilityOfForm, toContent } from '../model';
import type { DraftKind } from './local-drafts';
import { useOrderSections } from './order-sections';
import { CHECKOUT_ORDER, STEPS, useOrderSteps } from './order-steps';
import { OrderingAlerts } from './OrderingAlerts';
import { OrderingButtons } from './OrderingButtons';
import { OrderingStepper } from './OrderingStepper';
import { useOrderDraft } from './use-order-draft';
import { useOrderSend } from './use-order-send';
import { useServiceScheduleOf } from './use-service-schedule';

// Enter in a field of this long form never sends it (the browser's implicit submission): a person finishing a date or
// a name presses Enter to confirm the field, not the whole request. The fields' own Enter (a suggestion) still works.
const keepEnterInField = (event: KeyboardEvent<HTMLFormElement>) => {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio') event.preventDefault();
};

/** The page's title: completing a saved order, changing one, or the kind of order begun. */
const titleOf = (t: TFunction, kind: DraftKind, saved: SavedOrder | null) =>
  saveModeOf(saved) === 'complete'
    ? t('ordering.title.complete', { refId: saved?.refId })
    : saved?.hasChanges
      ? t('ordering.title.change', { refId: saved.refId })
      : t(`ordering.title.${kind}`);

export interface OrderingFormProps {
  readonly kind: DraftKind;
  readonly lang: Language;
  readonly profile: Profile;
  readonly saved: SavedOrder | null;
  readonly picked: File[];
  readonly setPicked: (files: File[]) => void;
}

/** The order form, as the OEM stepper (service-order, service-quote) or the one-page checkout (order-form). */
export function OrderingForm({ kind, lang, profile, saved, picked, setPicked }: OrderingFormProps) {
  const { t } = useTranslation();
  const actor = actorOf(profile);
  const oem = actor !== null && effectivePrincipal(actor).type === 'OEM';
  const steps = useOrderSteps(kind !== 'checkout');
  const draft = useOrderDraft({ kind, profile, saved, params: steps.params, actor, picked, setPicked });
  const { form, update, errors } = draft;
  const company = useOrderingCompany(profile.company?.uid);
  const addresses = company.data?.billingAddresses ?? [];
  const mode = saveModeOf(saved);
  const requireBilling = form.creationType === 'DIRECT_ORDER' || mode === 'complete';
  const feasibility = useMemo(() => feasibilityOfForm(form), [form]);
  // The service schedule (D216) of the preferred frame.
  const schedule = useServiceScheduleOf(form, feasibility);
  const content = () => toContent(form, addresses, oem, schedule.schedules);
  const send = useOrderSend({ kind, lang, saved, picked, setPicked, draft, steps, oem, requireBilling, feasibility, content });
  const { stepper, active, goTo } = steps;
  const sections = useOrderSections({
    props: { form, update, errors },
    profile,
    lang,
    saved,
    picked,
    setPicked,
    feasibility,
    schedule,
    requireBilling,
    stepper,
    oem,
    billing: { addresses, loading: company.isPending && Boolean(profile.company?.uid) },
    onError: send.fail,
  });
  const title = titleOf(t, kind, saved);
  const buttons = (last: boolean) => (
    <OrderingButtons
      last={last}
      onBack={stepper && active > 0 ? () => goTo(active - 1) : null}
      onSaveDraft={mode !== 'complete' ? send.onSaveDraft : null}
      savingDraft={send.savingDraft}
      submitting={send.submitting}
      submitLabel={mode === 'complete' ? 'ordering.submit.complete' : form.creationType === 'DIRECT_ORDER' ? 'ordering.submit.order' : 'ordering.submit.quote'}
    />
  );

  return (
    <Page
      title={title}
      width="form"
      meta={
        <Text c="dimmed" size="sm">
          {t(`ordering.intro.${kind}`)}
        </Text>
      }
    >
      {draft.guard.dialog}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the form only cancels Enter's implicit submission for the fields in it */}
      <form ref={send.formRef} onSubmit={send.onSubmit} onKeyDown={keepEnterInField} noValidate aria-label={title}>
        <Stack gap="lg">
          <OrderingAlerts restored={draft.restored} onDiscard={draft.discard} conflict={send.conflict} problems={send.problems} />
          {stepper ? (
            <OrderingStepper active={active} goTo={goTo} sections={sections} buttons={buttons(active === STEPS.length - 1)} />
          ) : (
            <>
              {CHECKOUT_ORDER.map((id) => (
                <Section key={id} title={sections[id].title} id={`section-${id}`}>
                  {sections[id].body}
                </Section>
              ))}
              {buttons(true)}
            </>
          )}
        </Stack>
      </form>
    </Page>
  );
}
