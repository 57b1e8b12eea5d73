import { Button, MultiSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { COUNTRY_CODES, CouponInputSchema, LANGUAGES, type Language } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { DatePicker } from '../../../components/widgets';
import { ApiError } from '../../../lib/api/api-client';
import { notify } from '../../../lib/notify';
import { useCouponCommand, type ManagedCoupon } from '../api/coupons';

interface Form {
  code: string;
  description: Record<Language, string>;
  countries: string[];
  validFrom: string | null;
  validTo: string | null;
  discountPercent: number | string;
}

function formOf(coupon: ManagedCoupon | null): Form {
  return {
    code: coupon?.code ?? '',
    description: { en: '', de: '', pt: '', ...(coupon?.description ?? {}) },
    countries: [...(coupon?.countries ?? [])],
    validFrom: coupon?.validFrom ?? null,
    validTo: coupon?.validTo ?? null,
    discountPercent: coupon?.discountPercent ?? '',
  };
}

/** The field a message belongs to and the translation that says what to do. */
function messageFor(path: string, code: string): [field: string, key: string] {
  const field = path.split('.')[0] ?? '';
  if (field === 'code') return [field, 'coupons.errors.code'];
  if (field === 'validTo' && code === 'custom') return [field, 'coupons.errors.endBeforeStart'];
  if (field === 'validFrom' || field === 'validTo') return [field, 'coupons.errors.date'];
  if (field === 'countries') return [field, 'coupons.errors.countries'];
  if (field === 'discountPercent') return [field, 'coupons.errors.discount'];
  return [field, 'validation.required'];
}

/**
 * A new coupon, or a change of one (staff who manage the catalogue, D204). The domain's schema checks the form before
 * it is sent, so each message appears at its field; a code taken meanwhile shows at the code.
 */
export function CouponDialog({ coupon, onClose }: { coupon: ManagedCoupon | null; onClose: () => void }) {
  const { t } = useTranslation();
  const command = useCouponCommand();
  const [form, setForm] = useState<Form>(() => formOf(coupon));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const submit = () => {
    command.reset();
    const description = Object.fromEntries(LANGUAGES.map((l) => [l, form.description[l].trim()]).filter(([, text]) => text));
    const parsed = CouponInputSchema.safeParse({
      code: form.code,
      description,
      countries: form.countries,
      ...(form.validFrom ? { validFrom: form.validFrom } : {}),
      ...(form.validTo ? { validTo: form.validTo } : {}),
      ...(form.discountPercent === '' ? {} : { discountPercent: Number(form.discountPercent) }),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [field, key] = messageFor(issue.path.map(String).join('.'), issue.code);
        found[field] ??= t(key);
      }
      setErrors(found);
      return;
    }
    command.mutate(coupon ? { kind: 'change', body: parsed.data } : { kind: 'create', body: parsed.data }, {
      onSuccess: (saved) => {
        notify('success', t(coupon ? 'coupons.saved' : 'coupons.created', { code: saved.code }));
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.code === 'coupon_exists') setErrors({ code: t('coupons.errors.exists') });
        if (error.code === 'validation_error') {
          const found: Record<string, string> = {};
          for (const detail of error.details) {
            const [field, key] = messageFor(detail.path, detail.code);
            found[field] ??= t(key);
          }
          setErrors(found);
        }
      },
    });
  };
  // Field errors show at their fields; the alert says what no field can (a coupon retired meanwhile, the network).
  const alertError = command.error instanceof ApiError && ['coupon_exists', 'validation_error'].includes(command.error.code) ? null : command.error;

  return (
    <FixedDialog opened onClose={onClose} title={t(coupon ? 'coupons.dialog.editTitle' : 'coupons.dialog.newTitle')} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <CommandFailureAlert error={alertError} onReload={onClose} stale={{ coupon_retired: 'coupons.dialog.retiredMeanwhile' }} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('coupons.fields.code')}
              description={coupon ? t('coupons.dialog.codeFixed') : t('coupons.dialog.codeHint')}
              value={form.code}
              onChange={(e) => set('code', e.currentTarget.value.toUpperCase())}
              required
              disabled={coupon !== null}
              error={errors.code}
              maxLength={32}
              data-autofocus
            />
            <NumberInput
              label={t('coupons.fields.discount')}
              description={t('coupons.dialog.discountHint')}
              value={form.discountPercent}
              onChange={(value) => set('discountPercent', value)}
              min={1}
              max={100}
              allowDecimal={false}
              suffix=" %"
              error={errors.discountPercent}
            />
          </SimpleGrid>
          <Stack gap={4}>
            {LANGUAGES.map((language) => (
              <TextInput
                key={language}
                label={t('coupons.fields.descriptionIn', { language: t(`languages.${language}`) })}
                value={form.description[language]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setForm((current) => ({ ...current, description: { ...current.description, [language]: value } }));
                }}
                maxLength={200}
              />
            ))}
            <Text size="xs" c="dimmed">
              {t('coupons.dialog.descriptionHint')}
            </Text>
          </Stack>
          <MultiSelect
            label={t('coupons.fields.countries')}
            description={t('coupons.dialog.countriesHint')}
            data={COUNTRY_CODES.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
            value={form.countries}
            onChange={(value) => set('countries', value)}
            searchable
            clearable
            error={errors.countries}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DatePicker
              label={t('coupons.fields.validFrom')}
              value={form.validFrom}
              onChange={(value) => set('validFrom', value)}
              allowPast
              error={errors.validFrom}
            />
            <DatePicker label={t('coupons.fields.validTo')} value={form.validTo} onChange={(value) => set('validTo', value)} allowPast error={errors.validTo} />
          </SimpleGrid>
          <DialogActions onCancel={onClose} busy={command.isPending}>
            <Button type="submit" loading={command.isPending} data-testid="save-coupon">
              {t(coupon ? 'coupons.dialog.save' : 'coupons.dialog.create')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </FixedDialog>
  );
}
