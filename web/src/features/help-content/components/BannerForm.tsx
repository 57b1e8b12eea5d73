import { Button, Group, Paper, Skeleton, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { BannerSchema, LANGUAGES, type Language } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { ErrorState } from '../../../components/StatusState';
import { notify } from '../../../lib/notify';
import { useFormat } from '../../../lib/i18n/use-format';
import { useBannerCommand, useBannerHistory, useManagedBanner, type ManagedBanner } from '../api/faqs';
import { ChangeHistoryDialog } from '../../../components/ChangeHistory';

type Texts = Record<Language, string>;
const empty = (): Texts => ({ en: '', de: '', pt: '' });
const localized = (texts: Texts) => ({
  en: texts.en.trim(),
  ...(texts.de.trim() ? { de: texts.de.trim() } : {}),
  ...(texts.pt.trim() ? { pt: texts.pt.trim() } : {}),
});

function Editor({ current, manage }: { current: ManagedBanner; manage: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const command = useBannerCommand();
  const [title, setTitle] = useState<Texts>({ ...empty(), ...(current.banner?.title ?? {}) });
  const [text, setText] = useState<Texts>({ ...empty(), ...(current.banner?.text ?? {}) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [historyOpen, setHistoryOpen] = useState(false);

  const save = () => {
    command.reset();
    const parsed = BannerSchema.safeParse({ title: localized(title), text: localized(text) });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.map(String).join('.')] ??= t('validation.required');
      setErrors(found);
      return;
    }
    setErrors({});
    command.mutate({ kind: 'set', body: parsed.data }, { onSuccess: () => notify('success', t('helpContent.banner.saved')) });
  };
  const clear = () =>
    command.mutate(
      { kind: 'clear' },
      {
        onSuccess: () => {
          setTitle(empty());
          setText(empty());
          notify('success', t('helpContent.banner.cleared'));
        },
      },
    );

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      noValidate
      aria-labelledby="banner-title"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="banner-title">
          {t('helpContent.banner.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {current.banner ? t('helpContent.banner.intro') : t('helpContent.banner.none')}
          {current.changed ? ` ${t('helpContent.banner.changed', { by: current.changed.by ?? '–', at: format.dateTime(current.changed.at) })}` : ''}
        </Text>
        <CommandFailureAlert error={command.error} onReload={() => command.reset()} />
        <Tabs defaultValue="en" keepMounted={false}>
          <Tabs.List aria-label={t('helpContent.dialog.languages')}>
            {LANGUAGES.map((language) => (
              <Tabs.Tab key={language} value={language} c={errors[`title.${language}`] || errors[`text.${language}`] ? 'red.8' : undefined}>
                {t(`languages.${language}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {LANGUAGES.map((language) => (
            <Tabs.Panel key={language} value={language} pt="sm">
              <Stack gap="sm">
                <TextInput
                  label={t('helpContent.banner.heading')}
                  value={title[language]}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setTitle((c) => ({ ...c, [language]: value }));
                  }}
                  required={language === 'en'}
                  readOnly={!manage}
                  error={errors[`title.${language}`]}
                  maxLength={120}
                />
                <Textarea
                  label={t('helpContent.banner.text')}
                  value={text[language]}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setText((c) => ({ ...c, [language]: value }));
                  }}
                  required={language === 'en'}
                  readOnly={!manage}
                  error={errors[`text.${language}`]}
                  autosize
                  minRows={2}
                  maxLength={400}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
        <Group justify="flex-end" gap="sm">
          {current.history.length > 0 ? (
            <Button variant="subtle" onClick={() => setHistoryOpen(true)} data-testid="banner-history-open">
              {t('helpContent.history.open')}
            </Button>
          ) : null}
          {manage ? (
            <>
              <Button variant="default" color="red" onClick={clear} disabled={!current.banner || command.isPending} data-testid="clear-banner">
                {t('helpContent.banner.clear')}
              </Button>
              <Button type="submit" loading={command.isPending} data-testid="save-banner">
                {t('helpContent.banner.save')}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
      {historyOpen ? <BannerHistory onClose={() => setHistoryOpen(false)} /> : null}
    </Paper>
  );
}

const WHAT = { BANNER_SET: 'helpContent.banner.historySet', BANNER_CLEARED: 'helpContent.banner.historyCleared' } as const;

/** Who set or cleared the banner and when, newest first. */
function BannerHistory({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ChangeHistoryDialog
      title={t('helpContent.banner.historyTitle')}
      history={useBannerHistory()}
      changeLabel={t('helpContent.history.change')}
      describe={(change) => t(WHAT[change.type])}
      loadError={{ title: t('helpContent.loadError'), description: t('helpContent.loadErrorText') }}
      minWidth={420}
      testId="banner-history"
      onClose={onClose}
    />
  );
}

/** The home page's banner for visitors: staff administrators set it per language or clear it; other staff read it. */
export function BannerForm({ manage }: { manage: boolean }) {
  const { t } = useTranslation();
  const banner = useManagedBanner();
  if (banner.isPending) return <Skeleton height={220} radius="md" />;
  if (banner.isError)
    return (
      <ErrorState
        title={t('helpContent.loadError')}
        description={t('helpContent.loadErrorText')}
        action={{ label: t('actions.retry'), onClick: () => void banner.refetch() }}
      />
    );
  return <Editor key={banner.dataUpdatedAt} current={banner.data} manage={manage} />;
}
