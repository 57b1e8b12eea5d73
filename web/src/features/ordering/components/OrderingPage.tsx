import { Alert, Button, Group, Paper, Stack, Stepper, Text } from '@mantine/core';
import { canCreateDirectOrder, effectivePrincipal, type Actor } from '@onsite/domain';
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { IconAlertCircle, IconSend } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { Section } from '../../../components/Section';
import { ErrorState } from '../../../components/StatusState';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard';
import { actorOf } from '../../../lib/actor';
import { ApiError } from '../../../lib/api-client';
import { detailsToErrors, unplacedDetails, type FieldErrors } from '../../../lib/forms';
import type { Language } from '../../../lib/languages';
import { clearFormError, notify, notifyFormError } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { useProfile, type Profile } from '../../../lib/session';
import { isEditable, saveModeOf, useOrderingCompany, useRemoveOrderFile, useSavedOrder, useSaveDraft, useSubmitOrder, type SavedOrder } from '../api/ordering';
import {
  apiPathToField,
  emptyOrderForm,
  feasibilityOfForm,
  filesOf,
  formProblems,
  fromContent,
  sectionOf,
  toContent,
  type OrderForm,
  type SectionId,
} from '../model';
import { Attachments } from './Attachments';
import { localDrafts, type DraftKind } from './local-drafts';
import {
  BillingSection,
  ConfirmSection,
  ContactSection,
  CouponSection,
  CustomerSection,
  DetailsSection,
  EquipmentSection,
  LocationSection,
  ServicesSection,
  TimeFramesSection,
} from './sections';
import { OrderSummary } from './OrderSummary';
import { ServiceScheduleSection } from './ServiceScheduleSection';
import { useServiceScheduleOf } from './use-service-schedule';

/** The steps of the OEM order process (D20) with their `?step=` names and the sections they hold. */
const STEPS: readonly { readonly id: string; readonly sections: readonly SectionId[] }[] = [
  { id: 'select-customer', sections: ['customer', 'services'] },
  { id: 'location', sections: ['location'] },
  { id: 'time-frames', sections: ['timeframes'] },
  { id: 'equipment', sections: ['equipment'] },
  { id: 'additional-information', sections: ['details', 'billing'] },
  { id: 'summary', sections: ['confirm'] },
];

/** The form's one 'fields contain errors' notification: shown again it replaces itself, fixed it goes. */
const FORM_ERROR = 'ordering';

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/** Whose draft this is: the user, or the customer a staff member acts for (both kept apart). */
const ownerOf = (profile: Profile) => (profile.blUser ? `${profile.blUser._id}:${profile._id}` : profile._id);

export interface OrderingPageProps {
  readonly kind: DraftKind;
  readonly lang: Language;
}

/** service-order, service-quote (the OEM stepper) and order-form (the one-page checkout): one form, two layouts. */
export function OrderingPage({ kind, lang }: OrderingPageProps) {
  const { t } = useTranslation();
  const profile = useProfile();
  const [params] = useSearchParams();
  const draftRef = params.get('draft');
  const saved = useSavedOrder(draftRef);
  // Files picked and not yet saved outlive the form's remount when the saved order's version moves on.
  const [picked, setPicked] = useState<File[]>([]);
  if (!profile || (draftRef && saved.isPending)) return <PageSkeleton />;
  if (draftRef && (saved.isError || (saved.data && !isEditable(saved.data)))) {
    const missing = saved.error instanceof ApiError && saved.error.status === 404;
    return (
      <Page title={t(`ordering.title.${kind}`)}>
        <ErrorState
          title={t(missing ? 'ordering.resume.missing' : saved.isError ? 'ordering.resume.failed' : 'ordering.resume.notEditable', { refId: draftRef })}
          description={t('ordering.resume.hint')}
          action={
            saved.isError && !missing
              ? { label: t('actions.retry'), onClick: () => void saved.refetch() }
              : { label: t('ordering.resume.toOrders'), onClick: () => window.location.assign(paths.myServiceOrders(lang)) }
          }
        />
      </Page>
    );
  }
  return (
    <OrderingForm
      key={`${kind}:${draftRef ?? 'new'}:${saved.data?.version ?? 0}`}
      kind={kind}
      lang={lang}
      profile={profile}
      saved={saved.data ?? null}
      picked={picked}
      setPicked={setPicked}
    />
  );
}

function initialForm(
  kind: DraftKind,
  profile: Profile,
  saved: SavedOrder | null,
  params: URLSearchParams,
  actor: Actor | null,
): { form: OrderForm; restored: boolean } {
  const owner = ownerOf(profile);
  const local = localDrafts.load(owner, kind);
  const direct = kind === 'service-order' && actor !== null && canCreateDirectOrder(actor);
  const creationType = direct ? 'DIRECT_ORDER' : 'QUOTE_REQUEST';
  if (saved) {
    // The files are the ones the order holds now (one may have been removed since this browser kept the form).
    if (local && local.ref === saved.refId)
      return { form: { ...local.form, creationType, files: filesOf(saved.content.additionalInformation.files) }, restored: true };
    return { form: { ...fromContent(saved.content, saved.creationType), ...(saved.status === 'INCOMPLETE' ? { creationType } : {}) }, restored: false };
  }
  const services = params.get('services')?.split(',').filter(Boolean) ?? [];
  const country = params.get('country') ?? profile.country;
  // The order begun earlier comes back, unless the person arrives with another choice of services.
  const sameServices = services.length === 0 || (services.length === local?.form.services.length && services.every((s) => local.form.services.includes(s)));
  if (local && !local.ref && sameServices) return { form: { ...local.form, creationType, files: [] }, restored: true };
  return { form: emptyOrderForm(country, services, creationType), restored: false };
}

function OrderingForm({
  kind,
  lang,
  profile,
  saved,
  picked,
  setPicked,
}: {
  kind: DraftKind;
  lang: Language;
  profile: Profile;
  saved: SavedOrder | null;
  picked: File[];
  setPicked: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const actor = actorOf(profile);
  const oem = actor !== null && effectivePrincipal(actor).type === 'OEM';
  const owner = ownerOf(profile);
  const [start] = useState(() => initialForm(kind, profile, saved, params, actor));
  const [form, setForm] = useState<OrderForm>(start.form);
  const [baseline, setBaseline] = useState(() =>
    JSON.stringify(saved && !start.restored ? start.form : emptyOrderForm(start.form.location.country, start.form.services, start.form.creationType)),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [conflict, setConflict] = useState(false);
  const [done, setDone] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const company = useOrderingCompany(profile.company?.uid);
  const submit = useSubmitOrder();
  const saveDraft = useSaveDraft();
  const removeFile = useRemoveOrderFile();
  const mode = saveModeOf(saved);
  const requireBilling = form.creationType === 'DIRECT_ORDER' || mode === 'complete';
  const feasibility = useMemo(() => feasibilityOfForm(form), [form]);
  // The service schedule (D216) of the preferred frame.
  const schedule = useServiceScheduleOf(form, feasibility);
  const snapshot = JSON.stringify(form);
  const dirty = !done && (snapshot !== baseline || picked.length > 0);
  const idempotencyKey = useMemo(() => newKey(), [snapshot]); // eslint-disable-line react-hooks/exhaustive-deps
  const guard = useUnsavedChangesGuard(dirty);
  const stepper = kind !== 'checkout';
  const stepIndex = Math.max(
    0,
    STEPS.findIndex((s) => s.id === params.get('step')),
  );
  const [active, setActive] = useState(stepper ? stepIndex : 0);

  // Every change is kept in this browser at once; a reload or the next login offers it again.
  useEffect(() => {
    if (!done && dirty) localDrafts.save(owner, kind, form, saved?.refId ?? null);
  }, [snapshot, dirty, done, owner, kind, saved?.refId]); // eslint-disable-line react-hooks/exhaustive-deps

  const update = (patch: Partial<OrderForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    const touched = Object.keys(patch);
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(
          ([field]) =>
            !touched.some(
              (k) =>
                field === k ||
                field.startsWith(`${k}.`) ||
                (k === 'location' && field.startsWith('location')) ||
                (k === 'frames' && field.startsWith('frames')) ||
                (k === 'scheduleEdits' && field === 'frames.0.schedule'),
            ),
        ),
      ),
    );
  };
  const goTo = (index: number) => {
    setActive(index);
    const next = new URLSearchParams(params);
    next.set('step', STEPS[index]!.id);
    setParams(next, { replace: true });
    window.scrollTo({ top: 0 });
  };
  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], #services [role="alert"]');
      invalid?.scrollIntoView({ block: 'center' });
      invalid?.focus?.({ preventScroll: true });
    });
  const check = (sections?: readonly SectionId[]): boolean => {
    const found = formProblems(form, { oem, requireBilling, feasibility, ...(sections ? { onlySections: sections } : {}) });
    if (sections && !sections.includes('confirm')) delete found.disclaimerAccepted;
    setErrors(found);
    if (Object.keys(found).length === 0) {
      clearFormError(FORM_ERROR);
      return true;
    }
    if (stepper && !sections) {
      const first = STEPS.findIndex((s) => Object.keys(found).some((f) => s.sections.includes(sectionOf(f))));
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
      setErrors(placed);
      setProblems(unplacedDetails(failure.details, apiPathToField));
      if (stepper) {
        const first = STEPS.findIndex((s) => Object.keys(placed).some((f) => s.sections.includes(sectionOf(f))));
        if (first >= 0) goTo(first);
      }
      focusFirstError();
    }
  };

  // Enter in a field of this long form never sends it (the browser's implicit submission): a person finishing a date or
  // a name presses Enter to confirm the field, not the whole request. The fields' own Enter (a suggestion) still works.
  const keepEnterInField = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio') event.preventDefault();
  };
  const content = () => toContent(form, company.data?.billingAddresses ?? [], oem, schedule.schedules);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    setConflict(false);
    if (stepper && active < STEPS.length - 1) {
      if (check(STEPS[active]!.sections)) goTo(active + 1);
      return;
    }
    if (!check()) return;
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
          setDone(true);
          guard.allowNavigation();
          localDrafts.clear(owner, kind);
          notify(
            'success',
            t(form.creationType === 'DIRECT_ORDER' || mode === 'complete' ? 'ordering.done.order' : 'ordering.done.quote', { refId: order.refId }),
          );
          void navigate(paths.orderConfirmation(lang, order.refId));
        },
        onError: fail,
      },
    );
  };
  const onSaveDraft = () => {
    setProblems([]);
    setConflict(false);
    saveDraft.mutate(
      { mode, saved, creationType: form.creationType, content: content(), idempotencyKey, picked },
      {
        onSuccess: (draft) => {
          clearFormError(FORM_ERROR);
          setPicked([]);
          notify('success', t('ordering.draft.saved', { refId: draft.refId }));
          localDrafts.save(owner, kind, form, draft.refId);
          setBaseline(snapshot);
          const next = new URLSearchParams(params);
          next.set('draft', draft.refId);
          setParams(next, { replace: true });
        },
        onError: fail,
      },
    );
  };
  const discard = () => {
    localDrafts.clear(owner, kind);
    const fresh = emptyOrderForm(profile.country, [], form.creationType);
    setForm(fresh);
    setBaseline(JSON.stringify(fresh));
    setPicked([]);
    setErrors({});
  };

  const props = { form, update, errors };
  const sections: Record<SectionId, { title: string; body: ReactNode }> = {
    customer: { title: t('ordering.sections.customer'), body: <CustomerSection {...props} companyName={profile.company?.name ?? ''} /> },
    services: { title: t('orders.form.sections.services'), body: <ServicesSection {...props} /> },
    location: { title: t('orders.form.sections.location'), body: <LocationSection {...props} /> },
    timeframes: {
      title: t('ordering.sections.timeframes'),
      body: (
        <Stack gap="xl">
          <TimeFramesSection {...props} feasibility={feasibility} />
          <ServiceScheduleSection {...props} frame={schedule.frame} generated={schedule.generated} nameOf={schedule.nameOf} />
        </Stack>
      ),
    },
    equipment: { title: t('ordering.sections.equipment'), body: <EquipmentSection {...props} /> },
    details: {
      title: t('orders.form.sections.additional'),
      body: (
        <Stack gap="xl">
          <DetailsSection {...props} />
          <Attachments
            kept={form.files}
            picked={picked}
            onPick={setPicked}
            removing={removeFile.isPending ? (removeFile.variables?.path ?? null) : null}
            onRemoveKept={(file) => {
              if (!saved) return update({ files: form.files.filter((f) => f.path !== file.path) });
              removeFile.mutate(
                { order: saved, path: file.path },
                {
                  onSuccess: () => notify('success', t('ordering.attachments.removed', { name: file.name })),
                  onError: fail,
                },
              );
            }}
          />
          <ContactSection {...props} country={form.location.country || profile.country} />
          <CouponSection {...props} />
        </Stack>
      ),
    },
    billing: {
      title: t('ordering.sections.billing'),
      body: (
        <BillingSection
          {...props}
          addresses={company.data?.billingAddresses ?? []}
          loading={company.isPending && Boolean(profile.company?.uid)}
          lang={lang}
          required={requireBilling}
        />
      ),
    },
    confirm: {
      title: t('orders.form.sections.confirm'),
      body: (
        <ConfirmSection {...props}>
          {stepper ? (
            <OrderSummary
              form={form}
              oem={oem}
              companyName={profile.company?.name ?? ''}
              billingAddresses={company.data?.billingAddresses ?? []}
              picked={picked}
              schedules={schedule.schedules}
            />
          ) : null}
        </ConfirmSection>
      ),
    },
  };
  const checkoutOrder: SectionId[] = ['services', 'location', 'billing', 'timeframes', 'equipment', 'details', 'confirm'];
  const submitLabel =
    mode === 'complete' ? 'ordering.submit.complete' : form.creationType === 'DIRECT_ORDER' ? 'ordering.submit.order' : 'ordering.submit.quote';
  const title =
    mode === 'complete'
      ? t('ordering.title.complete', { refId: saved?.refId })
      : saved?.hasChanges
        ? t('ordering.title.change', { refId: saved.refId })
        : t(`ordering.title.${kind}`);

  const alerts = (
    <>
      {start.restored ? (
        <Alert color="blue" variant="light" data-testid="draft-restored">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('ordering.draft.restored')}</Text>
            <Button size="xs" variant="subtle" onClick={discard}>
              {t('ordering.draft.discard')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {conflict ? (
        <Alert color="orange" variant="light" data-testid="conflict-alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('ordering.conflict')}</Text>
            <Button size="xs" onClick={() => window.location.reload()}>
              {t('actions.reload')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {problems.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('orders.form.serverProblems')} role="alert" data-testid="server-problems">
          <Stack gap={4}>
            {problems.map((p) => (
              <Text size="sm" key={p}>
                {p}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
    </>
  );
  const buttons = (last: boolean) => (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm">
        {stepper && active > 0 ? (
          <Button variant="default" onClick={() => goTo(active - 1)}>
            {t('ordering.back')}
          </Button>
        ) : null}
        {mode !== 'complete' ? (
          <Button variant="subtle" onClick={onSaveDraft} loading={saveDraft.isPending} data-testid="save-draft">
            {t('ordering.draft.save')}
          </Button>
        ) : null}
      </Group>
      {last ? (
        <Button type="submit" size="md" loading={submit.isPending} leftSection={<IconSend size={18} />} data-testid="submit-order">
          {t(submitLabel)}
        </Button>
      ) : (
        <Button type="submit" data-testid="next-step">
          {t('ordering.next')}
        </Button>
      )}
    </Group>
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
      {guard.dialog}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the form only cancels Enter's implicit submission for the fields in it */}
      <form ref={formRef} onSubmit={onSubmit} onKeyDown={keepEnterInField} noValidate aria-label={title}>
        <Stack gap="lg">
          {alerts}
          {stepper ? (
            <>
              <Stepper active={active} onStepClick={(i) => i < active && goTo(i)} size="sm" allowNextStepsSelect={false} wrap>
                {STEPS.map((step) => (
                  <Stepper.Step key={step.id} label={t(`ordering.steps.${step.id}`)} />
                ))}
              </Stepper>
              <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
                <Stack gap="xl">
                  {STEPS[active]!.sections.map((id) => (
                    <Stack key={id} gap="sm">
                      <Text component="h2" fw={700} size="lg">
                        {sections[id].title}
                      </Text>
                      {sections[id].body}
                    </Stack>
                  ))}
                </Stack>
              </Paper>
              {buttons(active === STEPS.length - 1)}
            </>
          ) : (
            <>
              {checkoutOrder.map((id) => (
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
