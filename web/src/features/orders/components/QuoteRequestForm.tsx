import { Alert, Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconAlertCircle, IconSend } from '../../../components/icons';
import { Section } from '../../../components/Section';
import { ErrorState } from '../../../components/StatusState';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard';
import { ApiError } from '../../../lib/api-client';
import { currencyForCountry, defaultTimeZone, SERVED_COUNTRIES, timeZoneNames } from '../../../lib/countries';
import { todayIn } from '../../../lib/format';
import { detailsToErrors, translateFieldError, unplacedDetails, useZodForm } from '../../../lib/forms';
import type { Language } from '../../../lib/languages';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import type { Profile } from '../../../lib/session';
import { useCatalogue } from '../api/catalogue';
import {
  DEFAULT_WORKING_HOURS,
  fieldOfApiPath,
  quoteFormCrossCheck,
  quoteFormSchema,
  shortNoticeHours,
  toCreateBody,
  useRequestQuote,
  type QuoteFormValues,
} from '../api/request-quote';
import { ServicePicker } from './ServicePicker';

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function initialValues(profile: Profile): QuoteFormValues {
  const country = SERVED_COUNTRIES.includes(profile.country) ? profile.country : '';
  return {
    services: [],
    locationName: '',
    addressLine1: '',
    addressLine2: '',
    postCode: '',
    city: '',
    state: '',
    country,
    timeZone: country ? defaultTimeZone(country) : '',
    dateFrom: '',
    dateTo: '',
    timeFrom: DEFAULT_WORKING_HOURS.from,
    timeTo: DEFAULT_WORKING_HOURS.to,
    technicians: 1,
    remarks: '',
    shortNoticeConfirmed: false,
    disclaimerAccepted: false,
  };
}

/** Moves focus to the first field the user has to fix (after the errors have rendered). */
function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"] input, #services-error');
    invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (invalid && invalid.tagName !== 'P' && invalid.tagName !== 'DIV') invalid.focus({ preventScroll: true });
  });
}

/** 'Get your quote': services, location, one time frame, technicians and remarks, then create + submit. */
export function QuoteRequestForm({ profile, lang }: { profile: Profile; lang: Language }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const requestQuote = useRequestQuote();
  const [initial] = useState(() => initialValues(profile));
  const form = useZodForm(quoteFormSchema, initial, quoteFormCrossCheck);
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const { values, errors } = form;

  const snapshot = JSON.stringify(values);
  const dirty = snapshot !== JSON.stringify(initial);
  // One key per version of the form: resubmitting the same content cannot create a second order.
  const idempotencyKey = useMemo(() => (snapshot ? newIdempotencyKey() : ''), [snapshot]);
  const guard = useUnsavedChangesGuard(dirty);

  const countries = useMemo(
    () =>
      SERVED_COUNTRIES.map((code) => ({ value: code, label: t(`countries.${code}`) })).sort((a, b) => a.label.localeCompare(b.label)),
    [t],
  );
  const zones = useMemo(() => timeZoneNames(), []);
  const currency = values.country ? currencyForCountry(values.country) : null;
  const today = todayIn(values.timeZone || 'UTC');
  const noticeHours = shortNoticeHours(values);
  const error = (field: keyof QuoteFormValues & string) => translateFieldError(errors[field]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerProblems([]);
    const result = form.validate();
    if (!result.ok) {
      notify('error', t('notification.formError'));
      focusFirstError(formElement);
      return;
    }
    try {
      const order = await requestQuote.mutateAsync({ body: toCreateBody(values), idempotencyKey, shortNoticeConfirmed: shortNoticeHours(values) !== null && values.shortNoticeConfirmed });
      guard.allowNavigation();
      notify('success', t('orders.form.success', { refId: order.refId }));
      void navigate(paths.order(lang, order.refId));
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'validation_error') {
        form.setErrors(detailsToErrors(failure.details, fieldOfApiPath));
        setServerProblems(unplacedDetails(failure.details, fieldOfApiPath));
        focusFirstError(formElement);
      }
    }
  };

  return (
    <form ref={setFormElement} onSubmit={submit} noValidate aria-label={t('orders.form.title')}>
      {guard.dialog}
      <Stack gap="lg">
        <Section title={t('orders.form.sections.services')} id="services">
          {catalogue.isPending ? (
            <Stack gap="sm">
              <Skeleton height={64} />
              <Skeleton height={64} />
              <Skeleton height={64} />
            </Stack>
          ) : catalogue.isError ? (
            <ErrorState
              title={t('orders.form.catalogueError.title')}
              description={t('orders.form.catalogueError.text')}
              action={{ label: t('actions.retry'), onClick: () => void catalogue.refetch() }}
            />
          ) : (
            <ServicePicker
              catalogue={catalogue.data}
              currency={currency}
              value={values.services}
              onChange={(services) => form.setValue('services', services)}
              error={error('services')}
            />
          )}
        </Section>

        <Section title={t('orders.form.sections.location')} id="location">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('fields.locationName')}
              required
              value={values.locationName}
              onChange={(e) => form.setValue('locationName', e.currentTarget.value)}
              error={error('locationName')}
              autoComplete="organization"
            />
            <Select
              label={t('fields.country')}
              required
              searchable
              allowDeselect={false}
              data={countries}
              value={values.country || null}
              onChange={(country) => country && form.setValues({ country, timeZone: defaultTimeZone(country) })}
              error={error('country')}
              nothingFoundMessage={t('orders.form.nothingFound')}
            />
            <TextInput
              label={t('fields.addressLine1')}
              required
              value={values.addressLine1}
              onChange={(e) => form.setValue('addressLine1', e.currentTarget.value)}
              error={error('addressLine1')}
              autoComplete="address-line1"
            />
            <TextInput
              label={t('fields.addressLine2')}
              value={values.addressLine2}
              onChange={(e) => form.setValue('addressLine2', e.currentTarget.value)}
              error={error('addressLine2')}
              autoComplete="address-line2"
            />
            <TextInput
              label={t('fields.postCode')}
              required
              value={values.postCode}
              onChange={(e) => form.setValue('postCode', e.currentTarget.value)}
              error={error('postCode')}
              autoComplete="postal-code"
            />
            <TextInput
              label={t('fields.city')}
              required
              value={values.city}
              onChange={(e) => form.setValue('city', e.currentTarget.value)}
              error={error('city')}
              autoComplete="address-level2"
            />
            <TextInput
              label={t('fields.state')}
              value={values.state}
              onChange={(e) => form.setValue('state', e.currentTarget.value)}
              error={error('state')}
              autoComplete="address-level1"
            />
            <Select
              label={t('fields.timeZone')}
              description={t('orders.form.timeZoneHint')}
              required
              searchable
              allowDeselect={false}
              limit={100}
              data={zones}
              value={values.timeZone || null}
              onChange={(timeZone) => timeZone && form.setValue('timeZone', timeZone)}
              error={error('timeZone')}
              nothingFoundMessage={t('orders.form.nothingFound')}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('orders.form.sections.timeframe')} id="timeframe">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              <TextInput
                type="date"
                label={t('fields.dateFrom')}
                required
                min={today}
                value={values.dateFrom}
                onChange={(e) => {
                  const dateFrom = e.currentTarget.value;
                  form.setValues(!values.dateTo || values.dateTo < dateFrom ? { dateFrom, dateTo: dateFrom } : { dateFrom });
                }}
                error={error('dateFrom')}
              />
              <TextInput
                type="date"
                label={t('fields.dateTo')}
                required
                min={values.dateFrom || today}
                value={values.dateTo}
                onChange={(e) => form.setValue('dateTo', e.currentTarget.value)}
                error={error('dateTo')}
              />
              <TextInput
                type="time"
                label={t('fields.timeFrom')}
                required
                step={900}
                value={values.timeFrom}
                onChange={(e) => form.setValue('timeFrom', e.currentTarget.value)}
                error={error('timeFrom')}
              />
              <TextInput
                type="time"
                label={t('fields.timeTo')}
                required
                step={900}
                value={values.timeTo}
                onChange={(e) => form.setValue('timeTo', e.currentTarget.value)}
                error={error('timeTo')}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t('orders.form.timeframeHint', { timeZone: values.timeZone || '—' })}
            </Text>
            {noticeHours !== null ? (
              <Alert color="orange" variant="light" icon={<IconAlertCircle />} title={t('orders.form.shortNotice.title')} data-testid="short-notice">
                <Stack gap="sm">
                  <Text size="sm">{t('orders.form.shortNotice.text', { hours: noticeHours })}</Text>
                  <Checkbox
                    label={t('orders.form.shortNotice.confirm')}
                    checked={values.shortNoticeConfirmed}
                    onChange={(e) => form.setValue('shortNoticeConfirmed', e.currentTarget.checked)}
                    error={error('shortNoticeConfirmed')}
                    required
                  />
                </Stack>
              </Alert>
            ) : null}
          </Stack>
        </Section>

        <Section title={t('orders.form.sections.additional')} id="additional">
          <Stack gap="md">
            <NumberInput
              label={t('fields.technicians')}
              required
              min={1}
              max={999}
              allowDecimal={false}
              allowNegative={false}
              value={values.technicians}
              onChange={(technicians) => form.setValue('technicians', technicians)}
              error={error('technicians')}
              w={{ base: '100%', xs: 320 }}
            />
            <Textarea
              label={t('fields.remarks')}
              description={t('orders.form.remarksHint')}
              autosize
              minRows={3}
              maxRows={10}
              value={values.remarks}
              onChange={(e) => form.setValue('remarks', e.currentTarget.value)}
              error={error('remarks')}
            />
          </Stack>
        </Section>

        <Section title={t('orders.form.sections.confirm')} id="confirm">
          <Checkbox
            label={t('orders.form.disclaimer')}
            checked={values.disclaimerAccepted}
            onChange={(e) => form.setValue('disclaimerAccepted', e.currentTarget.checked)}
            error={error('disclaimerAccepted')}
            required
          />
        </Section>

        {serverProblems.length > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('orders.form.serverProblems')} role="alert" data-testid="server-problems">
            <Stack gap={4}>
              {serverProblems.map((problem) => (
                <Text size="sm" key={problem}>
                  {problem}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}

        <Group justify="flex-end">
          <Button type="submit" size="md" loading={requestQuote.isPending} leftSection={<IconSend size={18} />}>
            {t('orders.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
