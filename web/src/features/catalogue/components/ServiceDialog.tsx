import { ActionIcon, Button, Group, MultiSelect, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { COUNTRY_CODES, currencyOf, LANGUAGES, ServiceInputSchema, type Currency, type Language } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { IconPlus, IconTrash } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCatalogueCommand, type ManagedSegment, type ManagedService } from '../api/catalogue';
import { localizedName } from './texts';

interface Equipment {
  manufacturer: string;
  machineModel: string;
  quantity: number | string;
}

interface Form {
  id: string;
  name: Record<Language, string>;
  description: Record<Language, string>;
  segmentIds: string[];
  subSegmentIds: string[];
  countries: string[];
  /** Major units as typed. */
  prices: Partial<Record<Currency, number | string>>;
  equipmentItems: Equipment[];
}

const texts = (from?: Partial<Record<Language, string>>): Record<Language, string> => ({ en: '', de: '', pt: '', ...(from ?? {}) });

function formOf(service: ManagedService | null): Form {
  return {
    id: service?.id ?? '',
    name: texts(service?.name),
    description: texts(service?.description),
    segmentIds: [...(service?.segmentIds ?? [])],
    subSegmentIds: [...(service?.subSegmentIds ?? [])],
    countries: [...(service?.countries ?? [])],
    prices: Object.fromEntries(Object.entries(service?.prices ?? {}).map(([c, minor]) => [c, minor / 100])),
    equipmentItems: (service?.equipmentItems ?? []).map((e) => ({ manufacturer: e.manufacturer ?? '', machineModel: e.machineModel, quantity: e.quantity })),
  };
}

/** The currencies of the chosen countries, in the order countries were chosen. */
const currenciesOf = (countries: readonly string[]): Currency[] => [...new Set(countries.map((c) => currencyOf(c)).filter((c): c is Currency => c !== null))];

/** The field a message belongs to and the translation that says what to do. */
function messageFor(path: string, code: string): [field: string, key: string] {
  const parts = path.split('.');
  const [first, second, third] = parts;
  if (first === 'id') return ['id', code === 'service_exists' ? 'catalogueAdmin.errors.serviceExists' : 'catalogueAdmin.errors.id'];
  if (first === 'name' || first === 'description') return [`${first}.${second ?? 'en'}`, 'validation.required'];
  if (first === 'segmentIds') return ['segmentIds', code === 'unknown_segment' ? 'catalogueAdmin.errors.unknownSegment' : 'catalogueAdmin.errors.segments'];
  if (first === 'subSegmentIds') return ['subSegmentIds', 'catalogueAdmin.errors.subSegment'];
  if (first === 'countries') return ['countries', 'catalogueAdmin.errors.countries'];
  if (first === 'prices') return [`prices.${second ?? ''}`, 'catalogueAdmin.errors.price'];
  if (first === 'equipmentItems') return [`equipmentItems.${second}.${third}`, third === 'quantity' ? 'catalogueAdmin.errors.quantity' : 'validation.required'];
  return [first ?? '', 'validation.required'];
}

/**
 * A new service (created as a draft), or a change of one: names and descriptions per language, segments, countries,
 * a price per currency of those countries, and the usual equipment (D208). The domain's schema checks the form before
 * it is sent, so each message appears at its field.
 */
export function ServiceDialog({ service, segments, onClose }: { service: ManagedService | null; segments: readonly ManagedSegment[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? 'en') as Language;
  const command = useCatalogueCommand();
  const [form, setForm] = useState<Form>(() => formOf(service));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
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
  const setEquipment = (index: number, patch: Partial<Equipment>) =>
    set(
      'equipmentItems',
      form.equipmentItems.map((e, i) => (i === index ? { ...e, ...patch } : e)),
    );

  return (
    <FixedDialog opened onClose={onClose} title={t(service ? 'catalogueAdmin.service.editTitle' : 'catalogueAdmin.service.newTitle')} size="xl">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <CommandFailureAlert error={alertError} onReload={onClose} stale={{ service_not_found: 'catalogueAdmin.goneMeanwhile' }} />
          <TextInput
            label={t('catalogueAdmin.fields.id')}
            description={service ? t('catalogueAdmin.idFixed') : t('catalogueAdmin.idHint')}
            value={form.id}
            onChange={(e) => set('id', e.currentTarget.value.toLowerCase())}
            required
            disabled={service !== null}
            error={errors.id}
            maxLength={48}
            data-autofocus
            data-testid="service-id"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {LANGUAGES.map((language) => (
              <TextInput
                key={language}
                label={t('catalogueAdmin.fields.nameIn', { language: t(`languages.${language}`) })}
                value={form.name[language]}
                onChange={(e) => setText('name', language, e.currentTarget.value)}
                required={language === 'en'}
                error={errors[`name.${language}`]}
                maxLength={120}
                data-testid={`service-name-${language}`}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {LANGUAGES.map((language) => (
              <Textarea
                key={language}
                label={t('catalogueAdmin.fields.descriptionIn', { language: t(`languages.${language}`) })}
                value={form.description[language]}
                onChange={(e) => setText('description', language, e.currentTarget.value)}
                required={language === 'en'}
                error={errors[`description.${language}`]}
                maxLength={1000}
                rows={3}
                data-testid={`service-description-${language}`}
              />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('catalogueAdmin.translationHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MultiSelect
              label={t('catalogueAdmin.fields.segments')}
              data={openSegments.map((s) => ({ value: s.id, label: localizedName(s.name, lang) }))}
              value={form.segmentIds}
              onChange={(value) => set('segmentIds', value)}
              required
              searchable
              error={errors.segmentIds}
              data-testid="service-segments"
            />
            <MultiSelect
              label={t('catalogueAdmin.fields.subSegments')}
              data={subSegmentChoices}
              value={form.subSegmentIds.filter((id) => subSegmentChoices.some((c) => c.value === id))}
              onChange={(value) => set('subSegmentIds', value)}
              searchable
              clearable
              error={errors.subSegmentIds}
            />
          </SimpleGrid>
          <MultiSelect
            label={t('catalogueAdmin.fields.countries')}
            description={t('catalogueAdmin.countriesHint')}
            data={COUNTRY_CODES.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
            value={form.countries}
            onChange={(value) => set('countries', value)}
            required
            searchable
            clearable
            error={errors.countries}
            data-testid="service-countries"
          />
          {currencies.length > 0 ? (
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="service-prices">
              {currencies.map((currency) => (
                <NumberInput
                  key={currency}
                  label={t('catalogueAdmin.fields.priceIn', { currency })}
                  value={form.prices[currency] ?? ''}
                  onChange={(value) => set('prices', { ...form.prices, [currency]: value })}
                  min={0}
                  decimalScale={2}
                  thousandSeparator=" "
                  required
                  error={errors[`prices.${currency}`]}
                  data-testid={`service-price-${currency}`}
                />
              ))}
            </SimpleGrid>
          ) : null}
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('catalogueAdmin.fields.equipment')}
            </Text>
            {form.equipmentItems.map((item, index) => (
              <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  aria-label={t('catalogueAdmin.fields.manufacturer')}
                  placeholder={t('catalogueAdmin.fields.manufacturer')}
                  value={item.manufacturer}
                  onChange={(e) => setEquipment(index, { manufacturer: e.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <TextInput
                  aria-label={t('catalogueAdmin.fields.machineModel')}
                  placeholder={t('catalogueAdmin.fields.machineModel')}
                  value={item.machineModel}
                  onChange={(e) => setEquipment(index, { machineModel: e.currentTarget.value })}
                  error={errors[`equipmentItems.${index}.machineModel`]}
                  style={{ flex: 1 }}
                />
                <NumberInput
                  aria-label={t('catalogueAdmin.fields.quantity')}
                  value={item.quantity}
                  onChange={(value) => setEquipment(index, { quantity: value })}
                  min={1}
                  allowDecimal={false}
                  error={errors[`equipmentItems.${index}.quantity`]}
                  w={80}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('catalogueAdmin.removeEquipment')}
                  onClick={() =>
                    set(
                      'equipmentItems',
                      form.equipmentItems.filter((_, i) => i !== index),
                    )
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={() => set('equipmentItems', [...form.equipmentItems, { manufacturer: '', machineModel: '', quantity: 1 }])}
              >
                {t('catalogueAdmin.addEquipment')}
              </Button>
            </Group>
          </Stack>
          <DialogActions onCancel={onClose} busy={command.isPending}>
            <Button type="submit" loading={command.isPending} data-testid="save-service">
              {t(service ? 'catalogueAdmin.save' : 'catalogueAdmin.service.create')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </FixedDialog>
  );
}
