import { PasswordInput as MantinePasswordInput, Progress, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordStrength } from '../../lib/forms/password';

const LEVEL = ['password.levels.veryWeak', 'password.levels.veryWeak', 'password.levels.weak', 'password.levels.good', 'password.levels.strong'];
const COLOR = ['red', 'red', 'orange', 'yellow', 'teal'];

export interface PasswordInputProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Shows the strength meter and checks the rules (a new password); off for the old one or a login. */
  withStrength?: boolean;
  required?: boolean;
  error?: ReactNode;
  autoComplete?: string;
}

/** A password with the strength helper (required, too short, too weak; strong = 4 kinds). */
export function PasswordInput({ label, value, onChange, withStrength = true, required, error, autoComplete = 'new-password' }: PasswordInputProps) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const strength = passwordStrength(value);
  const ruleError = withStrength && touched && strength.error && (required || value !== '') ? t(strength.error) : undefined;
  const score = strength.acceptable ? (strength.strong ? 4 : Math.max(strength.score, 2)) : Math.min(strength.score, 1);
  return (
    <Stack gap={6}>
      <MantinePasswordInput
        label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={() => setTouched(true)}
        required={required}
        error={error ?? ruleError}
        autoComplete={autoComplete}
        description={withStrength ? t('password.hint') : undefined}
      />
      {withStrength && value !== '' ? (
        <Stack gap={2}>
          <Progress value={(score / 4) * 100} color={COLOR[score]} size="sm" aria-hidden="true" />
          <Text size="xs" c="gray.7" data-testid="password-strength">
            {t('password.strength', { level: t(LEVEL[score] ?? 'password.levels.veryWeak') })}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
