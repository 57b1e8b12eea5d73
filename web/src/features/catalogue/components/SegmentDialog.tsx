import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { LANGUAGES, SegmentInputSchema, type Language } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { IconPlus, IconTrash } from '../../../components/icons';
import { ApiError } from '../../../lib/api/api-client';
import { notify } from '../../../lib/notify';
import { useCatalogueCommand, type ManagedSegment } from '../api/catalogue';

type Names = Record<Language, string>;
interface Form {
  id: string;
  name: Names;
  subSegments: { id: string; name: Names; existing: boolean }[];
}

const names = (from?: Partial<Names>): Names => ({ en: '', de: '', pt: '', ...(from ?? {}) });
const clean = (values: Names) => ({ en: '', ...Object.fromEntries(LANGUAGES.map((l) => [l, values[l].trim()]).filter(([, text]) => text)) });

function messageFor(path: string, code: string): [field: string, key: string] {
  if (path === 'id') return ['id', code === 'segment_exists' ? 'catalogueAdmin.errors.segmentExists' : 'catalogueAdmin.errors.id'];
  if (path.startsWith('name')) return [path, 'validation.required'];
  const [, index, field] = path.split('.');
  if (field === 'id') return [`subSegments.${index}.id`, code === 'sub_segment_exists' ? 'catalogueAdmin.errors.subSegmentExists' : 'catalogueAdmin.errors.id'];
  if (field === 'name') return [`subSegments.${index}.name`, 'validation.required'];
  return ['subSegments', 'catalogueAdmin.errors.subSegmentIds'];
}

/** A new segment with its sub-segments, or a change of names and sub-segments (D208); ids cannot change once created. */
export function SegmentDialog({ segment, onClose }: { segment: ManagedSegment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const command = useCatalogueCommand();
  const [form, setForm] = useState<Form>(() => ({
    id: segment?.id ?? '',
    name: names(segment?.name),
    subSegments: (segment?.subSegments ?? []).map((s) => ({ id: s.id, name: names(s.name), existing: true })),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const showErrors = (issues: readonly { path: string; code: string }[]) => {
    const found: Record<string, string> = {};
    for (const issue of issues) {
      const [field, key] = messageFor(issue.path, issue.code);
      found[field] ??= t(key);
    }
    setErrors(found);
  };
  const update = (patch: Partial<Form>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors({});
  };

  const submit = () => {
    command.reset();
    const parsed = SegmentInputSchema.safeParse({
      id: form.id,
      name: clean(form.name),
      subSegments: form.subSegments.map((s) => ({ id: s.id, name: clean(s.name) })),
    });
    if (!parsed.success) {
      showErrors(parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), code: i.code })));
      return;
    }
    command.mutate(segment ? { kind: 'segments/change', body: parsed.data } : { kind: 'segments/create', body: parsed.data }, {
      onSuccess: () => {
        notify('success', t(segment ? 'catalogueAdmin.segment.saved' : 'catalogueAdmin.segment.created', { id: parsed.data.id }));
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.code === 'segment_exists') setErrors({ id: t('catalogueAdmin.errors.segmentExists') });
        if (error.code === 'validation_error') showErrors(error.details);
      },
    });
  };
  const alertError = command.error instanceof ApiError && ['segment_exists', 'validation_error'].includes(command.error.code) ? null : command.error;
  const setSub = (index: number, patch: Partial<Form['subSegments'][number]>) =>
    update({ subSegments: form.subSegments.map((s, i) => (i === index ? { ...s, ...patch } : s)) });

  return (
    <FixedDialog opened onClose={onClose} title={t(segment ? 'catalogueAdmin.segment.editTitle' : 'catalogueAdmin.segment.newTitle')} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <CommandFailureAlert
            error={alertError}
            onReload={onClose}
            stale={{ segment_retired: 'catalogueAdmin.retiredMeanwhile', segment_not_found: 'catalogueAdmin.goneMeanwhile' }}
          />
          <TextInput
            label={t('catalogueAdmin.fields.id')}
            description={segment ? t('catalogueAdmin.idFixed') : t('catalogueAdmin.idHint')}
            value={form.id}
            onChange={(e) => update({ id: e.currentTarget.value.toLowerCase() })}
            required
            disabled={segment !== null}
            error={errors.id}
            maxLength={48}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {LANGUAGES.map((language) => (
              <TextInput
                key={language}
                label={t('catalogueAdmin.fields.nameIn', { language: t(`languages.${language}`) })}
                value={form.name[language]}
                onChange={(e) => update({ name: { ...form.name, [language]: e.currentTarget.value } })}
                required={language === 'en'}
                error={errors[`name.${language}`]}
                maxLength={80}
              />
            ))}
          </SimpleGrid>
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('catalogueAdmin.fields.subSegments')}
            </Text>
            {errors.subSegments ? (
              <Text size="xs" c="red">
                {errors.subSegments}
              </Text>
            ) : null}
            {form.subSegments.map((sub, index) => (
              <Paper key={index} withBorder p="xs" radius="sm">
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs" style={{ flex: 1 }}>
                    <TextInput
                      label={t('catalogueAdmin.fields.id')}
                      value={sub.id}
                      onChange={(e) => setSub(index, { id: e.currentTarget.value.toLowerCase() })}
                      disabled={sub.existing}
                      error={errors[`subSegments.${index}.id`]}
                      maxLength={48}
                    />
                    {LANGUAGES.map((language) => (
                      <TextInput
                        key={language}
                        label={t('catalogueAdmin.fields.nameIn', { language: t(`languages.${language}`) })}
                        value={sub.name[language]}
                        onChange={(e) => setSub(index, { name: { ...sub.name, [language]: e.currentTarget.value } })}
                        error={language === 'en' ? errors[`subSegments.${index}.name`] : undefined}
                        maxLength={80}
                      />
                    ))}
                  </SimpleGrid>
                  {sub.existing ? null : (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      mt={24}
                      aria-label={t('catalogueAdmin.removeSubSegment')}
                      onClick={() => update({ subSegments: form.subSegments.filter((_, i) => i !== index) })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </Paper>
            ))}
            <Group>
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={() => update({ subSegments: [...form.subSegments, { id: '', name: names(), existing: false }] })}
              >
                {t('catalogueAdmin.addSubSegment')}
              </Button>
            </Group>
          </Stack>
          <DialogActions onCancel={onClose} busy={command.isPending}>
            <Button type="submit" loading={command.isPending} data-testid="save-segment">
              {t(segment ? 'catalogueAdmin.save' : 'catalogueAdmin.segment.create')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </FixedDialog>
  );
}
