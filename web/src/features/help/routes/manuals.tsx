import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { IconDownload } from '../../../components/icons';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { type Language } from '../../../lib/i18n/languages';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notify } from '../../../lib/notify';
import { useFormat } from '../../../lib/i18n/use-format';
import { useManualLink, useManuals, type ManualView } from '../api/help';
import { HelpFrame, useHelpSearch } from '../components/HelpFrame';
import { HelpSkeleton } from '../components/HelpStates';

function ManualCard({ manual, lang }: { manual: ManualView; lang: Language }) {
  const { t } = useTranslation();
  const format = useFormat();
  const link = useManualLink();
  const open = async () => {
    // The window opens at once (a browser allows that only in the click), then goes to the signed address.
    const target = window.open('', '_blank');
    try {
      const { url } = await link.mutateAsync({ manualId: manual.id, lang });
      if (target) target.location.href = url;
      else window.location.assign(url);
    } catch {
      target?.close();
      notify('error', t('help.manuals.openError'));
    }
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid={`manual-${manual.id}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 260px' }}>
          <Title order={2} size="h4">
            {manual.title}
          </Title>
          <Text size="sm">{manual.summary}</Text>
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {t('help.manuals.issued', { date: format.localDate(manual.issued) })}
            </Text>
            {manual.language !== lang ? (
              <Badge variant="light" color="gray" size="sm" data-testid="manual-in-english">
                {t('help.inEnglish')}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={link.isPending}
          onClick={() => void open()}
          data-testid={`open-manual-${manual.id}`}
        >
          {t('help.manuals.open')}
        </Button>
      </Group>
    </Paper>
  );
}

/** help/manuals: the portal's manuals, each a PDF in the reader's language where one exists. */
export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [search, setSearch] = useHelpSearch();
  const manuals = useManuals(lang, search);

  return (
    <HelpFrame lang={lang} section="manuals">
      {manuals.isPending ? (
        <HelpSkeleton />
      ) : manuals.isError ? (
        <ErrorState
          title={t('help.error.title')}
          description={t('help.error.description')}
          action={{ label: t('actions.retry'), onClick: () => void manuals.refetch() }}
        />
      ) : manuals.data.length === 0 ? (
        <EmptyListState
          title={search ? t('help.manuals.noMatch', { search }) : t('help.manuals.empty')}
          description={t('help.noMatchHint')}
          action={search ? { label: t('help.clearSearch'), onClick: () => setSearch('') } : undefined}
        />
      ) : (
        <Stack gap="md" style={{ opacity: manuals.isPlaceholderData ? 0.6 : 1 }} data-testid="manual-list">
          {manuals.data.map((manual) => (
            <ManualCard key={manual.id} manual={manual} lang={lang} />
          ))}
        </Stack>
      )}
    </HelpFrame>
  );
}
