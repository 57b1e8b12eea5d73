import { LANGUAGES, ServiceInputSchema, type Language } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/api-client';
import { notify } from '../../../lib/notify';
import { useCatalogueCommand, type ManagedSegment, type ManagedService } from '../api/catalogue';
import { currenciesOf, formOf, messageFor, type ServiceEquipment, type ServiceForm } from './service-form';
import { localizedName } from './texts';

/**
 * The service dialog's form: a changed field drops its error, the domain's schema checks the form before it is sent
 * (each message at its field), and the server's refusals land at their fields too.
 */
export function useServiceForm({ service, segments, onClose }: { service: ManagedService | null; segments: readonly ManagedSegment[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? 'en') as Language;
  const command = useCatalogueCommand();
  const [form, setForm] = useState<ServiceForm>(() => formOf(service));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof ServiceForm>(key: K, value: ServiceForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== key && !field.startsWith(`${key}.`))));
  };
  const currencies = currenciesOf(form.countries);
  const openSegments = segments.filter((s) => !s.retired || form.segmentIds.includes(s.id));
  const subSegmentChoices = segments
    .filter((s) => form.segmentIds.includes(s.id))
    .flatMap((s) => s.subSegments.map((sub) => ({ value: sub.id, label: `${localizedName(s.name, lang)} › ${localizedName(sub.name, lang)}` })));

  const showErrors = (issues: readonly { path: string; code: string }[]) => {
    const found: Record<string, string> = {};
    for (const issue of issues) {
      const [field, key] = messageFor(issue.path, issue.code);
      found[field] ??= t(key, { currency: field.split('.')[1] ?? '' });
    }
    setErrors(found);
  };

  const submit = () => {
    command.reset();
    const clean = (values: Record<Language, string>) => Object.fromEntries(LANGUAGES.map((l) => [l, values[l].trim()]).filter(([, text]) => text));
    const parsed = ServiceInputSchema.safeParse({
      id: form.id,
      name: { en: '', ...clean(form.name) },
      description: { en: '', ...clean(form.description) },
      segmentIds: form.segmentIds,
      subSegmentIds: form.subSegmentIds.filter((id) => subSegmentChoices.some((c) => c.value === id)),
      countries: form.countries,
      prices: Object.fromEntries(
        currencies.flatMap((c) => {
          const value = form.prices[c];
          return value === undefined || value === '' ? [] : [[c, Math.round(Number(value) * 100)]];
        }),
      ),
      equipmentItems: form.equipmentItems.map((e) => ({
        ...(e.manufacturer.trim() ? { manufacturer: e.manufacturer } : {}),
        machineModel: e.machineModel,
        quantity: e.quantity === '' ? 0 : Number(e.quantity),
      })),
    });
    if (!parsed.success) {
      showErrors(parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), code: i.code })));
      return;
    }
    command.mutate(service ? { kind: 'services/change', body: parsed.data } : { kind: 'services/create', body: parsed.data }, {
      onSuccess: () => {
        notify('success', t(service ? 'catalogueAdmin.service.saved' : 'catalogueAdmin.service.created', { id: parsed.data.id }));
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.code === 'service_exists') setErrors({ id: t('catalogueAdmin.errors.serviceExists') });
        if (error.code === 'validation_error') showErrors(error.details);
      },
    });
  };
  const alertError = command.error instanceof ApiError && ['service_exists', 'validation_error'].includes(command.error.code) ? null : command.error;
  const setText = (field: 'name' | 'description', language: Language, value: string) => {
    setForm((current) => ({ ...current, [field]: { ...current[field], [language]: value } }));
    setErrors(({ [`${field}.${language}`]: _cleared, ...rest }) => rest);
  };
  const setEquipment = (index: number, patch: Partial<ServiceEquipment>) =>
    set(
      'equipmentItems',
      form.equipmentItems.map((e, i) => (i === index ? { ...e, ...patch } : e)),
    );
  return { lang, form, errors, set, setText, setEquipment, currencies, openSegments, subSegmentChoices, submit, alertError, pending: command.isPending };
}

export type ServiceFormState = ReturnType<typeof useServiceForm>;
