import { Group, Input, Select, TextInput } from '@mantine/core';
import { getCountries, type CountryCode } from 'libphonenumber-js';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { callingCode, countryOfNumber, isValidPhone, phoneCountry, PREFERRED_PHONE_COUNTRIES, toE164 } from '../../lib/forms/phone';

export interface PhoneInputProps {
  label: string;
  /** E.164 (`+4915112345678`) or empty. */
  value: string;
  /** The number in E.164 when valid, the raw text otherwise (`valid` says which); '' when empty. */
  onChange: (value: string, valid: boolean) => void;
  /** The user's country (our codes: uk → gb); the default country is de. */
  defaultCountry?: string | null;
  required?: boolean;
  error?: ReactNode;
  /** Shown, not editable (a read-only role). */
  readOnly?: boolean;
}

const preferred = PREFERRED_PHONE_COUNTRIES.map((code) => code.toUpperCase() as CountryCode);

/** A calling-code select (preferred countries first) and the number; valid when empty or a valid number. */
export function PhoneInput({ label, value, onChange, defaultCountry, required, error, readOnly }: PhoneInputProps) {
  const { t } = useTranslation();
  const [country, setCountry] = useState<CountryCode>(() => countryOfNumber(value) ?? phoneCountry(defaultCountry));
  const [text, setText] = useState(value);
  const [touched, setTouched] = useState(false);
  const regions = new Intl.DisplayNames(['en'], { type: 'region' });
  const others = getCountries().filter((code) => !preferred.includes(code));
  const option = (code: CountryCode) => ({ value: code, label: `${code} ${callingCode(code)}` });
  const data = [
    { group: t('widgets.phone.preferred'), items: preferred.map(option) },
    { group: t('widgets.phone.others'), items: others.map(option) },
  ];
  const emit = (raw: string, inCountry: CountryCode) => {
    if (raw.trim() === '') return onChange('', true);
    const e164 = toE164(raw, inCountry);
    onChange(e164 ?? raw, e164 !== null);
  };
  const valid = isValidPhone(text, country);

  return (
    // A number that is not one of the chosen country says so in that country's terms (the form's own rule would ask for
    // the international form, although the number may be typed as it is dialled there).
    <Input.Wrapper
      label={label}
      required={required}
      error={
        (touched || error) && !valid && text.trim() !== ''
          ? t('widgets.phone.invalidFor', { country: regions.of(country) ?? country, code: callingCode(country) })
          : error
      }
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Select
          aria-label={t('widgets.phone.country')}
          title={regions.of(country)}
          data={data}
          value={country}
          onChange={(next) => {
            if (!next) return;
            setCountry(next as CountryCode);
            emit(text, next as CountryCode);
          }}
          searchable
          readOnly={readOnly}
          allowDeselect={false}
          w={120}
          comboboxProps={{ width: 200 }}
        />
        <TextInput
          aria-label={label}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          readOnly={readOnly}
          value={text}
          error={touched && !valid}
          style={{ flex: 1 }}
          onChange={(event) => {
            const raw = event.currentTarget.value;
            setText(raw);
            const detected = raw.startsWith('+') ? countryOfNumber(raw) : undefined;
            if (detected) setCountry(detected);
            emit(raw, detected ?? country);
          }}
          onBlur={() => setTouched(true)}
        />
      </Group>
    </Input.Wrapper>
  );
}
