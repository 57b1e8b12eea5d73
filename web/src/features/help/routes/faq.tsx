import { Accordion, Badge, Stack, Title } from '@mantine/core';
import { FAQ_TOPICS } from '@onsite/domain';
import { useTranslation } from 'react-i18next';

import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { Markdown } from '../../../components/widgets';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useFaqs } from '../api/help';
import { HelpFrame, useHelpSearch } from '../components/HelpFrame';
import { HelpSkeleton } from '../components/HelpStates';

/** help/faq: the questions customers ask most, grouped by topic, each opening its answer. */
export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [search, setSearch] = useHelpSearch();
  const faqs = useFaqs(lang, search);

  return (
    <HelpFrame lang={lang} section="faq">
      {faqs.isPending ? (
        <HelpSkeleton />
      ) : faqs.isError ? (
        <ErrorState
          title={t('help.error.title')}
          description={t('help.error.description')}
          action={{ label: t('actions.retry'), onClick: () => void faqs.refetch() }}
        />
      ) : faqs.data.length === 0 ? (
        <EmptyListState
          title={search ? t('help.faq.noMatch', { search }) : t('help.faq.empty')}
          description={t('help.noMatchHint')}
          action={search ? { label: t('help.clearSearch'), onClick: () => setSearch('') } : undefined}
        />
      ) : (
        <Stack gap="lg" style={{ opacity: faqs.isPlaceholderData ? 0.6 : 1 }} data-testid="faq-list">
          {FAQ_TOPICS.map((topic) => {
            const entries = faqs.data.filter((faq) => faq.topic === topic);
            if (entries.length === 0) return null;
            return (
              <section key={topic} aria-labelledby={`faq-topic-${topic}`}>
                <Title order={2} size="h4" mb="xs" id={`faq-topic-${topic}`}>
                  {t(`help.topics.${topic}`)}
                </Title>
                <Accordion variant="separated" chevronPosition="right">
                  {entries.map((faq) => (
                    <Accordion.Item key={faq.id} value={faq.id} data-testid={`faq-${faq.id}`}>
                      <Accordion.Control>{faq.question}</Accordion.Control>
                      <Accordion.Panel>
                        <Markdown>{faq.answer}</Markdown>
                        {faq.language !== lang ? (
                          <Badge mt="sm" variant="light" color="gray" data-testid="faq-in-english">
                            {t('help.inEnglish')}
                          </Badge>
                        ) : null}
                      </Accordion.Panel>
                    </Accordion.Item>
                  ))}
                </Accordion>
              </section>
            );
          })}
        </Stack>
      )}
    </HelpFrame>
  );
}
