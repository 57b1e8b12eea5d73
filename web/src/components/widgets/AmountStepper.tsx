import { ActionIcon, Group, Input, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '../icons';
import { clamp, sanitizeNumberText } from './number';

export const AMOUNT_DEBOUNCE_MS = 400;

export interface AmountStepperProps {
  label: string;
  value: number;
  /** Called 400 ms after the last change. */
  onChange: (value: number) => void;
  allowNegative?: boolean;
  max?: number;
}

/** − amount +: never below 0 unless negatives are allowed; emits after a 400 ms pause (spec section 5). */
export function AmountStepper({ label, value, onChange, allowNegative = false, max }: AmountStepperProps) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  const min = allowNegative ? undefined : 0;
  useEffect(() => setAmount(value), [value]);
  useEffect(() => {
    if (amount === value) return;
    const timer = window.setTimeout(() => latest.current(amount), AMOUNT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [amount, value]);
  const set = (next: number) => setAmount(clamp(next, min, max));

  return (
    <Input.Wrapper label={label}>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="default" size="lg" aria-label={t('widgets.amount.decrease')} disabled={min !== undefined && amount <= min} onClick={() => set(amount - 1)}>
          <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1 }}>−</span>
        </ActionIcon>
        <TextInput
          aria-label={label}
          value={String(amount)}
          inputMode="numeric"
          w={72}
          styles={{ input: { textAlign: 'center' } }}
          onChange={(event) => {
            const text = sanitizeNumberText(event.currentTarget.value, { allowNegative });
            set(text === '' || text === '-' ? 0 : Number(text));
          }}
        />
        <ActionIcon variant="default" size="lg" aria-label={t('widgets.amount.increase')} disabled={max !== undefined && amount >= max} onClick={() => set(amount + 1)}>
          <IconPlus size={16} />
        </ActionIcon>
      </Group>
    </Input.Wrapper>
  );
}
