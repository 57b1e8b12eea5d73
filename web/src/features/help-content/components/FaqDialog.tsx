import { Button, Select, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { FAQ_TOPICS, FaqInputSchema, LANGUAGES, type Language } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { notify } from '../../../lib/notify';
import { useFaqCommand, type ManagedFaq } from '../api/faqs';

type Texts = Record<Language, string>;
const empty = (): Texts => ({ en: '', de: '', pt: '' });
/** English, and the other languages where written: they fall back to English where left empty. */
const localized = (texts: Texts) => ({
  en: texts.en.trim(),
  ...(texts.de.trim() ? { de: texts.de.trim() } : {}),
  ...(texts.pt.trim() ? { pt: texts.pt.trim() } : {}),
});

/** A new help question or a change of one (staff administrators, D205); the domain's schema checks it first. */
export function FaqDialog({ faq, onClose }: { faq: ManagedFaq | null; onClose: () => void }) {
  const { t } = useTranslation();
  const command = useFaqCommand();
  const [topic, setTopic] = useState<string | null>(faq?.topic ?? null);
  const [question, setQuestion] = useState<Texts>({ ...empty(), ...(faq?.question ?? {}) });
  const [answer, setAnswer] = useState<Texts>({ ...empty(), ...(faq?.answer ?? {}) });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    command.reset();
    const parsed = FaqInputSchema.safeParse({ topic: topic ?? undefined, question: localized(question), answer: localized(answer) });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.map(String).join('.')] ??= t('validation.required');
      setErrors(found);
      return;
    }
    setErrors({});
    command.mutate(faq ? { kind: 'change', body: { id: faq.id, ...parsed.data } } : { kind: 'create', body: parsed.data }, {
      onSuccess: () => {
        notify('success', t(faq ? 'helpContent.saved' : 'helpContent.created'));
        onClose();
      },
    });
  };

  return (
    <FixedDialog opened onClose={onClose} title={t(faq ? 'helpContent.dialog.editTitle' : 'helpContent.dialog.newTitle')} size="xl">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <CommandFailureAlert error={command.error} onReload={onClose} stale={{ faq_not_found: 'helpContent.dialog.removedMeanwhile' }} />
          <Select
            label={t('helpContent.fields.topic')}
            data={FAQ_TOPICS.map((value) => ({ value, label: t(`help.topics.${value}`) }))}
            value={topic}
            onChange={(value) => {
              setTopic(value);
              setErrors(({ topic: _cleared, ...rest }) => rest);
            }}
            required
            allowDeselect={false}
            error={errors.topic}
          />
          <Tabs defaultValue="en" keepMounted={false}>
            <Tabs.List aria-label={t('helpContent.dialog.languages')}>
              {LANGUAGES.map((language) => (
                <Tabs.Tab key={language} value={language} c={errors[`question.${language}`] || errors[`answer.${language}`] ? 'red.8' : undefined}>
                  {t(`languages.${language}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {LANGUAGES.map((language) => (
              <Tabs.Panel key={language} value={language} pt="sm">
                <Stack gap="sm">
                  {language !== 'en' ? (
                    <Text size="xs" c="dimmed">
                      {t('helpContent.dialog.fallbackHint')}
                    </Text>
                  ) : null}
                  <TextInput
                    label={t('helpContent.fields.question')}
                    value={question[language]}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setQuestion((current) => ({ ...current, [language]: value }));
                      setErrors(({ [`question.${language}`]: _cleared, ...rest }) => rest);
                    }}
                    required={language === 'en'}
                    error={errors[`question.${language}`]}
                    maxLength={300}
                  />
                  <Textarea
                    label={t('helpContent.fields.answer')}
                    description={t('helpContent.dialog.answerHint')}
                    value={answer[language]}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setAnswer((current) => ({ ...current, [language]: value }));
                      setErrors(({ [`answer.${language}`]: _cleared, ...rest }) => rest);
                    }}
                    required={language === 'en'}
                    error={errors[`answer.${language}`]}
                    autosize
                    minRows={4}
                    maxLength={4000}
                  />
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
          <DialogActions onCancel={onClose} busy={command.isPending}>
            <Button type="submit" loading={command.isPending} data-testid="save-faq">
              {t(faq ? 'helpContent.dialog.save' : 'helpContent.dialog.create')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </FixedDialog>
  );
}
