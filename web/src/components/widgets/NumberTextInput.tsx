import { TextInput } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { clamp, isNumericPaste, parseNumberText, sanitizeNumberText, type NumberRules } from './number';

export interface NumberTextInputProps extends NumberRules {
  label: ReactNode;
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  required?: boolean;
  error?: ReactNode;
}

/** A number as text: only digits (and a separator / minus when allowed); numeric pastes only; clamped to min/max on blur. */
export function NumberTextInput({ label, value, onChange, min, max, allowDecimal, allowNegative, required, error }: NumberTextInputProps) {
  const rules = { allowDecimal, allowNegative: allowNegative ?? (min !== undefined && min < 0) };
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => {
    setText((current) => (parseNumberText(current) === value ? current : value === null ? '' : String(value)));
  }, [value]);
  return (
    <TextInput
      label={label}
      required={required}
      error={error}
      inputMode={allowDecimal ? 'decimal' : 'numeric'}
      value={text}
      onPaste={(event) => {
        if (!isNumericPaste(event.clipboardData.getData('text'), rules)) event.preventDefault();
      }}
      onChange={(event) => {
        const next = sanitizeNumberText(event.currentTarget.value, rules);
        setText(next);
        onChange(parseNumberText(next));
      }}
      onBlur={() => {
        const parsed = parseNumberText(text);
        if (parsed === null) return;
        const clamped = clamp(parsed, min, max);
        if (clamped !== parsed) {
          setText(String(clamped));
          onChange(clamped);
        }
      }}
    />
  );
}
