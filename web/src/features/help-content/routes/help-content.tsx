import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { FAQ_TOPICS, LANGUAGES } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { ACCESS, can } from '../../../lib/session/access';
import { useProfile } from '../../../lib/session/session';
import { useManagedFaqs, type ManagedFaq } from '../api/faqs';
import { BannerForm } from '../components/BannerForm';
import { FaqDialog } from '../components/FaqDialog';
import { FaqHistory } from '../components/FaqHistory';
import { ManualsSection } from '../components/ManualsSection';
import { RemoveFaqDialog } from '../components/RemoveFaqDialog';

type Dialog = { kind: 'edit'; faq: ManagedFaq | null } | { kind: 'remove'; faq: ManagedFaq } | { kind: 'history'; faq: ManagedFaq };

/**
 * help-content: the questions and answers customers read in the help area (D205), by topic, with the languages each is
 * translated into. Every staff member reads them; staff administrators write, change and remove them.
 */
export function Component() {
  const { t } = useTranslation();
  const profile = useProfile();
  const manage = can(ACCESS.contentManagement, profile);
  const faqs = useManagedFaqs();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const newButton = manage ? (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'edit', faq: null })} data-testid="new-faq">
      {t('helpContent.new')}
    </Button>
  ) : undefined;

  return (
    <Page
      title={t('helpContent.title')}
      meta={
        <Text size="sm" c="dimmed">
          {t(manage ? 'helpContent.intro' : 'helpContent.introReadOnly')}
        </Text>
      }
      actions={newButton}
    >
      <Stack gap="lg">
        <BannerForm manage={manage} />
        <Title order={2} size="h3">
          {t('helpContent.questions')}
        </Title>
        {faqs.isPending ? (
          <Stack gap="sm" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={72} radius="md" />
            ))}
          </Stack>
        ) : faqs.isError ? (
          <ErrorState
            title={t('helpContent.loadError')}
            description={t('helpContent.loadErrorText')}
            action={{ label: t('actions.retry'), onClick: () => void faqs.refetch() }}
          />
        ) : faqs.data.length === 0 ? (
          <EmptyListState title={t('helpContent.empty')} description={t(manage ? 'helpContent.emptyText' : 'helpContent.emptyTextReadOnly')} />
        ) : (
          <Stack gap="lg">
            {FAQ_TOPICS.map((topic) => {
              const inTopic = faqs.data.filter((f) => f.topic === topic);
              if (inTopic.length === 0) return null;
              return (
                <Stack key={topic} gap="sm" component="section" aria-labelledby={`faq-topic-${topic}`}>
                  <Title order={2} size="h4" id={`faq-topic-${topic}`}>
                    {t(`help.topics.${topic}`)}
                  </Title>
                  {inTopic.map((faq) => (
                    <Paper key={faq.id} withBorder p="sm" radius="md" data-testid="managed-faq">
                      <Stack gap={6}>
                        <Text fw={600}>{faq.question.en}</Text>
                        <Text size="sm" c="dimmed" lineClamp={2}>
                          {faq.answer.en}
                        </Text>
                        <Group justify="space-between" gap="xs">
                          <Group gap={4} aria-label={t('helpContent.languages')}>
                            {LANGUAGES.filter((l) => faq.question[l] && faq.answer[l]).map((l) => (
                              <Badge key={l} variant="light" color="gray" size="sm">
                                {l.toUpperCase()}
                              </Badge>
                            ))}
                          </Group>
                          <Group gap="xs">
                            <Button size="compact-sm" variant="subtle" onClick={() => setDialog({ kind: 'history', faq })}>
                              {t('helpContent.history.open')}
                            </Button>
                            {manage ? (
                              <>
                                <Button size="compact-sm" variant="subtle" onClick={() => setDialog({ kind: 'edit', faq })}>
                                  {t('helpContent.edit')}
                                </Button>
                                <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDialog({ kind: 'remove', faq })}>
                                  {t('helpContent.remove')}
                                </Button>
                              </>
                            ) : null}
                          </Group>
                        </Group>
                      </Stack>
                    </Paper>
                  ))}
                </Stack>
              );
            })}
          </Stack>
        )}
        <ManualsSection manage={manage} />
      </Stack>
      {dialog?.kind === 'edit' ? <FaqDialog faq={dialog.faq} onClose={close} /> : null}
      {dialog?.kind === 'remove' ? <RemoveFaqDialog faq={dialog.faq} onClose={close} /> : null}
      {dialog?.kind === 'history' ? <FaqHistory id={dialog.faq.id} onClose={close} /> : null}
    </Page>
  );
}
