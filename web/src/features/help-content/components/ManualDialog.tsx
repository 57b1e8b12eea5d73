import { Button, CloseButton, FileInput, Group, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { LANGUAGES, type Language, type ManualFile } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { DatePicker } from '../../../components/widgets/DatePicker';
import { ApiError, errorMessage } from '../../../lib/api/api-client';
import { notify } from '../../../lib/notify';
import { toUpload } from '../../../lib/api/uploads';
import { useManualCommand, type ManagedManual } from '../api/manuals';

type Texts = Record<Language, string>;
/** A language's PDF: the stored one kept, a newly picked one, or none. */
type Pdf = { kept: ManualFile } | { picked: File } | null;

const empty = (): Texts => ({ en: '', de: '', pt: '' });
const localized = (texts: Texts) => ({
  en: texts.en.trim(),
  ...(texts.de.trim() ? { de: texts.de.trim() } : {}),
  ...(texts.pt.trim() ? { pt: texts.pt.trim() } : {}),
});

/**
 * A new manual or a change of one (staff administrators, D212): a title and a summary per language, the day it was
 * issued, and its PDF per language (English required). Picked files are uploaded when the manual is saved.
 */
export function ManualDialog({ manual, onClose }: { manual: ManagedManual | null; onClose: () => void }) {
  const { t } = useTranslation();
  const command = useManualCommand();
  const [title, setTitle] = useState<Texts>({ ...empty(), ...(manual?.title ?? {}) });
  const [summary, setSummary] = useState<Texts>({ ...empty(), ...(manual?.summary ?? {}) });
  const [issued, setIssued] = useState<string | null>(manual?.issued ?? null);
  const [pdfs, setPdfs] = useState<Record<Language, Pdf>>(() => ({
    en: manual?.files.en ? { kept: manual.files.en } : null,
    de: manual?.files.de ? { kept: manual.files.de } : null,
    pt: manual?.files.pt ? { kept: manual.files.pt } : null,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const busy = uploading || command.isPending;
  const clear = (key: string) => setErrors(({ [key]: _cleared, ...rest }) => rest);

  const submit = async () => {
    command.reset();
    const found: Record<string, string> = {};
    if (!title.en.trim()) found['title.en'] = t('validation.required');
    if (!summary.en.trim()) found['summary.en'] = t('validation.required');
    if (!issued) found.issued = t('validation.required');
    if (!pdfs.en) found['files.en'] = t('helpContent.manuals.englishPdfRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setUploading(true);
    const files: Partial<Record<Language, ManualFile | { uploadId: string }>> = {};
    try {
      for (const language of LANGUAGES) {
        const pdf = pdfs[language];
        if (!pdf) continue;
        try {
          files[language] = 'kept' in pdf ? pdf.kept : await toUpload(pdf.picked, ['file_too_large', 'invalid_file_type']);
        } catch (error) {
          const message = errorMessage(error instanceof ApiError ? error.code : 'network_error');
          setErrors({ [`files.${language}`]: message });
          return;
        }
      }
    } finally {
      setUploading(false);
    }
    const body = { title: localized(title), summary: localized(summary), issued: issued!, files: files as { en: ManualFile | { uploadId: string } } };
    command.mutate(manual ? { kind: 'change', body: { id: manual.id, ...body } } : { kind: 'create', body }, {
      onSuccess: () => {
        notify('success', t(manual ? 'helpContent.manuals.saved' : 'helpContent.manuals.created'));
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const inline: Record<string, string> = {};
        for (const detail of error.details) {
          // The reason in the reader's language where the console knows it, else the server's words.
          const known = errorMessage(detail.code);
          inline[detail.path] = known === t('notification.defaultError') ? detail.message : known;
        }
        setErrors(inline);
      },
    });
  };

  const tabHasError = (language: Language) => Boolean(errors[`title.${language}`] || errors[`summary.${language}`] || errors[`files.${language}`]);

  return (
    <FixedDialog opened onClose={onClose} title={t(manual ? 'helpContent.manuals.editTitle' : 'helpContent.manuals.newTitle')} size="xl">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <CommandFailureAlert error={command.error} onReload={onClose} stale={{ manual_not_found: 'helpContent.manuals.removedMeanwhile' }} />
          <DatePicker
            label={t('helpContent.manuals.issued')}
            value={issued}
            onChange={(value) => {
              setIssued(value);
              clear('issued');
            }}
            allowPast
            required
            error={errors.issued}
          />
          <Tabs defaultValue="en" keepMounted={false}>
            <Tabs.List aria-label={t('helpContent.dialog.languages')}>
              {LANGUAGES.map((language) => (
                <Tabs.Tab key={language} value={language} c={tabHasError(language) ? 'red.8' : undefined}>
                  {t(`languages.${language}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {LANGUAGES.map((language) => {
              const pdf = pdfs[language];
              return (
                <Tabs.Panel key={language} value={language} pt="sm">
                  <Stack gap="sm">
                    {language !== 'en' ? (
                      <Text size="xs" c="dimmed">
                        {t('helpContent.manuals.fallbackHint')}
                      </Text>
                    ) : null}
                    <TextInput
                      label={t('helpContent.manuals.fields.title')}
                      value={title[language]}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setTitle((current) => ({ ...current, [language]: value }));
                        clear(`title.${language}`);
                      }}
                      required={language === 'en'}
                      error={errors[`title.${language}`]}
                      maxLength={200}
                    />
                    <Textarea
                      label={t('helpContent.manuals.fields.summary')}
                      value={summary[language]}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setSummary((current) => ({ ...current, [language]: value }));
                        clear(`summary.${language}`);
                      }}
                      required={language === 'en'}
                      error={errors[`summary.${language}`]}
                      autosize
                      minRows={2}
                      maxLength={600}
                    />
                    {pdf && 'kept' in pdf ? (
                      <Group gap="xs" justify="space-between" wrap="nowrap">
                        <Text size="sm" truncate data-testid={`manual-file-${language}`}>
                          {t('helpContent.manuals.currentFile', { name: pdf.kept.name })}
                        </Text>
                        <Button size="compact-sm" variant="subtle" onClick={() => setPdfs((current) => ({ ...current, [language]: null }))}>
                          {t(language === 'en' ? 'helpContent.manuals.replaceFile' : 'helpContent.manuals.removeFile')}
                        </Button>
                      </Group>
                    ) : (
                      <FileInput
                        label={t('helpContent.manuals.fields.pdf')}
                        description={t('helpContent.manuals.pdfHint')}
                        accept="application/pdf"
                        value={pdf && 'picked' in pdf ? pdf.picked : null}
                        onChange={(file) => {
                          setPdfs((current) => ({ ...current, [language]: file ? { picked: file } : null }));
                          clear(`files.${language}`);
                        }}
                        required={language === 'en'}
                        error={errors[`files.${language}`]}
                        rightSection={
                          pdf ? (
                            <CloseButton
                              size="sm"
                              aria-label={t('helpContent.manuals.removeFile')}
                              onClick={() => setPdfs((current) => ({ ...current, [language]: null }))}
                            />
                          ) : null
                        }
                        data-testid={`manual-pdf-${language}`}
                      />
                    )}
                  </Stack>
                </Tabs.Panel>
              );
            })}
          </Tabs>
          <DialogActions onCancel={onClose} busy={busy}>
            <Button type="submit" loading={busy} data-testid="save-manual">
              {t(manual ? 'helpContent.dialog.save' : 'helpContent.manuals.create')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </FixedDialog>
  );
}
