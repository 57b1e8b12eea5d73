import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CompanyListPageSchema, OrderCommandResponseSchema } from '@onsite/contracts';
import type { ConvertPreparedOrderRequestSchema, CreateOrderInPreparationRequestSchema, UpdateOrderInPreparationRequestSchema } from '@onsite/contracts';
import { Page } from '../../../components/Page';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { Section } from '../../../components/Section';
import { ErrorState } from '../../../components/StatusState';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard';
import { ApiError, apiRequest, type RequestBody } from '../../../lib/api/api-client';
import { detailsToErrors, unplacedDetails, type FieldErrors } from '../../../lib/forms/forms';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notify } from '../../../lib/notify';
import { orderQueryKeys } from '../../../lib/orders/order-keys';
import { paths } from '../../../lib/paths';
import { claimed, useRemoveOrderFile, useSavedOrder, withPicked, type SavedOrder } from '../api/ordering';
import { Attachments } from '../components/Attachments';
import { apiPathToField, emptyOrderForm, feasibilityOfForm, fromContent, toContent, type OrderForm } from '../model';
import { DetailsSection } from '../components/sections/DetailsSection';
import { EquipmentSection } from '../components/sections/EquipmentSection';
import { LocationSection } from '../components/sections/LocationSection';
import { ServicesSection } from '../components/sections/ServicesSection';
import { TimeFramesSection } from '../components/sections/TimeFramesSection';
import { ServiceScheduleSection } from '../components/ServiceScheduleSection';
import { useServiceScheduleOf } from '../components/use-service-schedule';

/** order-preparation/:refId?: staff prepare a quote request for a customer company, then hand it over. */
export function Component() {
  const { refId } = useParams();
  const saved = useSavedOrder(refId ?? null);
  const { t } = useTranslation();
  // Files picked and not yet saved outlive the form's remount when the saved order's version moves on.
  const [picked, setPicked] = useState<File[]>([]);
  if (refId && saved.isPending) return <PageSkeleton />;
  if (refId && (saved.isError || saved.data?.status !== 'IN_PREPARATION')) {
    return (
      <Page title={t('page.titles.orderPreparation')}>
        <ErrorState title={t('ordering.preparation.notFound', { refId })} description={t('ordering.preparation.notFoundHint')} />
      </Page>
    );
  }
  return <PreparationForm key={saved.data?.version ?? 0} saved={saved.data ?? null} picked={picked} setPicked={setPicked} />;
}

function PreparationForm({ saved, picked, setPicked }: { saved: SavedOrder | null; picked: File[]; setPicked: (files: File[]) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lang = useLanguage();
  const [companySearch, setCompanySearch] = useState('');
  const [companyId, setCompanyId] = useState<string | null>((saved?.customer as { companyId?: string } | null | undefined)?.companyId ?? null);
  const companies = useQuery({
    queryKey: ['companies', 'prepare', companySearch],
    queryFn: ({ signal }) =>
      apiRequest('/company/list', { body: { page: 1, pageSize: 25, search: companySearch || undefined }, schema: CompanyListPageSchema, signal }),
  });
  const customers = useMemo(() => (companies.data?.items ?? []).filter((c) => c.type !== 'BL'), [companies.data]);
  const chosen = customers.find((c) => c._id === companyId);
  const [initial] = useState<OrderForm>(() => (saved ? fromContent(saved.content, 'QUOTE_REQUEST') : emptyOrderForm('', [])));
  const [form, setForm] = useState<OrderForm>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problems, setProblems] = useState<string[]>([]);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial) || (!saved && companyId !== null) || picked.length > 0;
  const removeFile = useRemoveOrderFile();
  const guard = useUnsavedChangesGuard(dirty);
  const feasibility = useMemo(() => feasibilityOfForm(form), [form]);
  const schedule = useServiceScheduleOf(form, feasibility);
  const update = (patch: Partial<OrderForm>) => setForm((current) => ({ ...current, ...patch }));
  const fail = (failure: unknown) => {
    if (!(failure instanceof ApiError)) return;
    setErrors(detailsToErrors(failure.details, apiPathToField));
    setProblems(unplacedDetails(failure.details, apiPathToField));
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: orderQueryKeys.all });

  const save = useMutation({
    mutationFn: async () => {
      const content = await withPicked({ content: toContent(form, [], false, schedule.schedules), picked });
      const result = await (saved
        ? apiRequest('/update-in-preparation', {
            body: { orderId: saved._id, version: saved.version, content } satisfies RequestBody<typeof UpdateOrderInPreparationRequestSchema>,
            schema: OrderCommandResponseSchema,
          })
        : apiRequest('/order/create-in-preparation', {
            body: { companyId: companyId!, content } satisfies RequestBody<typeof CreateOrderInPreparationRequestSchema>,
            schema: OrderCommandResponseSchema,
          }));
      claimed(picked);
      return result;
    },
    onSuccess: (order) => {
      setPicked([]);
      guard.allowNavigation();
      notify('success', t('ordering.preparation.saved', { refId: order.refId }));
      void refresh();
      void navigate(paths.orderPreparation(lang, order.refId), { replace: true });
    },
    onError: fail,
  });
  const handOver = useMutation({
    mutationFn: (how: 'convert' | 'convert-incomplete') =>
      apiRequest(how === 'convert' ? '/convert' : '/convert-incomplete', {
        body: { orderId: saved!._id, version: saved!.version } satisfies RequestBody<typeof ConvertPreparedOrderRequestSchema>,
        schema: OrderCommandResponseSchema,
      }),
    onSuccess: (order, how) => {
      guard.allowNavigation();
      notify('success', t(how === 'convert' ? 'ordering.preparation.converted' : 'ordering.preparation.handedOver', { refId: order.refId }));
      void refresh();
      void navigate(paths.order(lang, order.refId));
    },
    onError: fail,
  });
  const props = { form, update, errors };

  return (
    <Page
      title={saved ? t('ordering.preparation.titleSaved', { refId: saved.refId }) : t('page.titles.orderPreparation')}
      width="form"
      meta={
        <Text size="sm" c="dimmed">
          {t('ordering.preparation.intro')}
        </Text>
      }
    >
      {guard.dialog}
      <Stack gap="lg">
        {problems.length ? (
          <Alert color="red" variant="light" role="alert">
            {problems.join(' ')}
          </Alert>
        ) : null}
        <Section title={t('ordering.preparation.customer')} id="section-customer">
          <Select
            label={t('ordering.preparation.company')}
            required
            searchable
            disabled={Boolean(saved)}
            searchValue={companySearch || (chosen ? chosen.name : '')}
            onSearchChange={setCompanySearch}
            data={customers.map((c) => ({ value: c._id, label: `${c.name} (${c.type}, ${c.country.toUpperCase()})` }))}
            value={companyId}
            onChange={(value) => {
              setCompanyId(value);
              const company = customers.find((c) => c._id === value);
              if (company && !form.location.country) update({ location: emptyOrderForm(company.country).location });
            }}
            nothingFoundMessage={t('orders.form.nothingFound')}
            data-testid="preparation-company"
          />
        </Section>
        <Section title={t('orders.form.sections.services')} id="section-services">
          <ServicesSection {...props} />
        </Section>
        <Section title={t('orders.form.sections.location')} id="section-location">
          <LocationSection {...props} />
        </Section>
        <Section title={t('ordering.sections.timeframes')} id="section-timeframes">
          <Stack gap="xl">
            <TimeFramesSection {...props} feasibility={feasibility} />
            <ServiceScheduleSection {...props} frame={schedule.frame} generated={schedule.generated} nameOf={schedule.nameOf} />
          </Stack>
        </Section>
        <Section title={t('ordering.sections.equipment')} id="section-equipment">
          <EquipmentSection {...props} />
        </Section>
        <Section title={t('orders.form.sections.additional')} id="section-details">
          <Stack gap="xl">
            <DetailsSection {...props} />
            <Attachments
              kept={form.files}
              picked={picked}
              onPick={setPicked}
              removing={removeFile.isPending ? (removeFile.variables?.path ?? null) : null}
              removeBlocked={saved && dirty ? t('ordering.attachments.saveFirst') : null}
              onRemoveKept={(file) => {
                if (!saved) return update({ files: form.files.filter((f) => f.path !== file.path) });
                removeFile.mutate(
                  { order: saved, path: file.path },
                  { onSuccess: () => notify('success', t('ordering.attachments.removed', { name: file.name })), onError: fail },
                );
              }}
            />
          </Stack>
        </Section>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!companyId} data-testid="save-preparation">
            {t('ordering.preparation.save')}
          </Button>
          {saved ? (
            <Group gap="sm">
              <Button
                variant="default"
                onClick={() => handOver.mutate('convert-incomplete')}
                loading={handOver.isPending && handOver.variables === 'convert-incomplete'}
                disabled={dirty}
                data-testid="hand-over"
              >
                {t('ordering.preparation.handOver')}
              </Button>
              <Button
                onClick={() => handOver.mutate('convert')}
                loading={handOver.isPending && handOver.variables === 'convert'}
                disabled={dirty}
                data-testid="convert"
              >
                {t('ordering.preparation.convert')}
              </Button>
            </Group>
          ) : null}
        </Group>
        {saved && dirty ? (
          <Text size="xs" c="dimmed">
            {t('ordering.preparation.saveFirst')}
          </Text>
        ) : null}
      </Stack>
    </Page>
  );
}
