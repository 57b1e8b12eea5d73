import { Button, MultiSelect, Select, SimpleGrid, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { COUNTRY_CODES, LANGUAGES, PARTNER_OFFER_TYPES, PartnerOfferContentSchema, type Language } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, TagsInput } from '../../../components/widgets';
import { todayUtcIso } from '../../../components/widgets/calendar';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { notify } from '../../../lib/notify';
import { useSavePartnerOffer, type PartnerOfferContent, type PartnerOfferView } from '../api/partner-offers';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';

type Texts = Record<Language, string>;
interface Form {
  type: PartnerOfferContent['type'] | null;
  partnerName: string;
  title: Texts;
  description: Texts;
  keywords: string[];
  products: string[];
  countries: string[];
  validFrom: string | null;
  validTo: string | null;
  link: string;
}

/** A change by someone else, or a retirement meanwhile: the dialog offers to reload. */
export const STALE = { version_conflict: 'partners.dialog.conflict', partner_offer_retired: 'partners.dialog.retiredMeanwhile' } as const;

const empty = (): Texts => ({ en: '', de: '', pt: '' });

function formOf(offer: PartnerOfferView | null): Form {
  const content = offer?.content;
  if (!content) {
    // A new offer runs from the day the server counts by (UTC days): just after midnight in Europe the local "today"
    // was already the next UTC day, and the new offer showed as scheduled.
    return {
      type: null,
      partnerName: '',
      title: empty(),
      description: empty(),
      keywords: [],
      products: [],
      countries: [],
      validFrom: todayUtcIso(),
      validTo: null,
      link: '',
    };
  }
  return {
    type: content.type,
    partnerName: content.partnerName,
    title: { ...empty(), ...content.title },
    description: { ...empty(), ...content.description },
    keywords: [...content.keywords],
    products: [...content.products],
    countries: [...content.countries],
    validFrom: content.validFrom,
    validTo: content.validTo,
    link: content.link ?? '',
  };
}

/** Only the languages that were written: German and Portuguese fall back to English where left empty. */
function localized(texts: Texts) {
  return { en: texts.en.trim(), ...(texts.de.trim() ? { de: texts.de.trim() } : {}), ...(texts.pt.trim() ? { pt: texts.pt.trim() } : {}) };
}

/**
 * Publish a new partner offer or edit one (staff). The domain's schema checks the form before it is sent, so the
 * messages appear next to their fields; a change by someone else meanwhile shows the conflict with a reload.
 */
export function PartnerOfferDialog({
  offer,
  knownKeywords,
  onClose,
  onReload,
}: {
  offer: PartnerOfferView | null;
  knownKeywords: readonly string[];
  onClose: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePartnerOffer();
  const [form, setForm] = useState<Form>(() => formOf(offer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  const setText = (key: 'title' | 'description', language: Language, value: string) => {
    setForm((current) => ({ ...current, [key]: { ...current[key], [language]: value } }));
    setErrors(({ [`${key}.${language}`]: _cleared, ...rest }) => rest);
  };

  const submit = () => {
    save.reset();
    const parsed = PartnerOfferContentSchema.safeParse({
      type: form.type ?? undefined,
      partnerName: form.partnerName,
      title: localized(form.title),
      description: localized(form.description),
      keywords: form.keywords,
      products: form.products,
      countries: form.countries,
      validFrom: form.validFrom ?? '',
      validTo: form.validTo ?? '',
      ...(form.link.trim() ? { link: form.link.trim() } : {}),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.');
        const key = path === 'title' || path === 'description' ? `${path}.en` : path.replace(/\.\d+$/, '');
        found[key] ??=
          key === 'validTo' && issue.code === 'custom'
            ? t('partners.dialog.endBeforeStart')
            : key === 'link'
              ? t('partners.dialog.linkInvalid')
              : t('validation.required');
      }
      setErrors(found);
      return;
    }
    save.mutate(offer ? { offerId: offer.offerId, version: offer.version, content: parsed.data } : { content: parsed.data }, {
      onSuccess: () => {
        notify('success', t(offer ? 'partners.dialog.saved' : 'partners.dialog.published'));
        onClose();
      },
    });
  };

  return (
    <FixedDialog opened onClose={onClose} title={t(offer ? 'partners.dialog.editTitle' : 'partners.dialog.newTitle')} size="xl">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <CommandFailureAlert error={save.error} onReload={onReload} stale={STALE} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('partners.fields.type')}
              data={PARTNER_OFFER_TYPES.map((type) => ({ value: type, label: t(`partners.types.${type}`) }))}
              value={form.type}
              onChange={(value) => set('type', (value as Form['type']) ?? null)}
              required
              error={errors.type}
              allowDeselect={false}
            />
            <TextInput
              label={t('partners.fields.partnerName')}
              value={form.partnerName}
              onChange={(e) => set('partnerName', e.currentTarget.value)}
              required
              error={errors.partnerName}
              maxLength={120}
            />
          </SimpleGrid>
          <Tabs defaultValue="en" keepMounted={false}>
            <Tabs.List aria-label={t('partners.dialog.languages')}>
              {LANGUAGES.map((language) => (
                <Tabs.Tab key={language} value={language} c={errors[`title.${language}`] || errors[`description.${language}`] ? 'red' : undefined}>
                  {t(`languages.${language}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {LANGUAGES.map((language) => (
              <Tabs.Panel key={language} value={language} pt="sm">
                <Stack gap="sm">
                  {language !== 'en' ? (
                    <Text size="xs" c="dimmed">
                      {t('partners.dialog.fallbackHint')}
                    </Text>
                  ) : null}
                  <TextInput
                    label={t('partners.fields.title')}
                    value={form.title[language]}
                    onChange={(e) => setText('title', language, e.currentTarget.value)}
                    required={language === 'en'}
                    error={errors[`title.${language}`]}
                    maxLength={120}
                  />
                  <Textarea
                    label={t('partners.fields.description')}
                    value={form.description[language]}
                    onChange={(e) => setText('description', language, e.currentTarget.value)}
                    required={language === 'en'}
                    error={errors[`description.${language}`]}
                    autosize
                    minRows={3}
                    maxLength={1000}
                  />
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TagsInput
              label={t('partners.fields.keywords')}
              value={form.keywords}
              onChange={(value) => set('keywords', value)}
              search={async (query) => knownKeywords.filter((k) => k.toLowerCase().includes(query.toLowerCase()))}
            />
            <TagsInput label={t('partners.fields.products')} value={form.products} onChange={(value) => set('products', value)} search={async () => []} />
          </SimpleGrid>
          <MultiSelect
            label={t('partners.fields.countries')}
            data={COUNTRY_CODES.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
            value={form.countries}
            onChange={(value) => set('countries', value)}
            required
            searchable
            error={errors.countries}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DatePicker
              label={t('partners.fields.validFrom')}
              value={form.validFrom}
              onChange={(value) => set('validFrom', value)}
              allowPast
              required
              error={errors.validFrom}
            />
            <DatePicker
              label={t('partners.fields.validTo')}
              value={form.validTo}
              onChange={(value) => set('validTo', value)}
              allowPast
              required
              error={errors.validTo}
            />
          </SimpleGrid>
          <TextInput
            label={t('partners.fields.link')}
            description={t('partners.dialog.linkHint')}
            value={form.link}
            onChange={(e) => set('link', e.currentTarget.value)}
            error={errors.link}
            type="url"
          />
          <DialogActions onCancel={onClose} busy={save.isPending}>
            <Button type="submit" loading={save.isPending} data-testid="save-partner-offer">
              {t(offer ? 'partners.dialog.save' : 'partners.dialog.publish')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </FixedDialog>
  );
}
