import { Button, Checkbox, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandErrorAlert } from '../CommandErrorAlert';
import { DialogActions, FixedDialog } from '../../../../components/FixedDialog';

export interface TextField {
  readonly key: string;
  readonly label: string;
  readonly required?: boolean;
}

/**
 * The shape most staff actions share: a short explanation, one or two texts (required ones checked here and by
 * the server), an optional confirmation checkbox, and a confirm button; errors and conflicts inside the dialog.
 */
export function StaffTextDialog({
  title,
  explanation,
  fields,
  checkbox,
  confirmLabel,
  danger = false,
  pending,
  error,
  onConfirm,
  onClose,
  onReload,
  testId,
}: {
  title: string;
  explanation?: ReactNode;
  fields: readonly TextField[];
  checkbox?: string;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: (values: Record<string, string>, checked: boolean) => void;
  onClose: () => void;
  onReload: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [missing, setMissing] = useState<string[]>([]);
  const submit = () => {
    const empty = fields.filter((f) => f.required && !(values[f.key] ?? '').trim()).map((f) => f.key);
    setMissing(empty);
    if (empty.length === 0) onConfirm(values, checked);
  };
  return (
    <FixedDialog opened onClose={onClose} title={title}>
      <Stack gap="md">
        <CommandErrorAlert error={error} onReload={onReload} />
        {explanation ? <Text size="sm">{explanation}</Text> : null}
        {fields.map((field, index) => (
          <Textarea
            key={field.key}
            label={field.label}
            value={values[field.key] ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, [field.key]: value }));
            }}
            error={missing.includes(field.key) ? t('validation.required') : undefined}
            withAsterisk={field.required}
            autosize
            minRows={2}
            maxLength={2000}
            data-autofocus={index === 0 || undefined}
          />
        ))}
        {checkbox ? <Checkbox label={checkbox} checked={checked} onChange={(e) => setChecked(e.currentTarget.checked)} /> : null}
        <DialogActions onCancel={onClose} busy={pending}>
          <Button color={danger ? 'red.8' : undefined} onClick={submit} loading={pending} data-testid={testId}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
