import { Alert, Anchor, Box, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { IconDownload } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { documentFor, useLegalDocuments, type AgreementKind } from '../../../lib/session/agreements';
import { useLanguage } from '../../../lib/i18n/use-language';

const TITLE: Record<AgreementKind, string> = { licence: 'page.titles.terms', privacy: 'page.titles.privacy' };
const INTRO: Record<AgreementKind, string> = { licence: 'legal.terms.intro', privacy: 'legal.privacy.intro' };

/** A legal document the api serves as PDF, in the UI language (de, pt, else English): embedded, with a download link. */
export function LegalPdfPage({ kind }: { kind: AgreementKind }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const documents = useLegalDocuments(lang, true);
  const document = documents.data ? documentFor(documents.data, kind) : undefined;
  const title = t(TITLE[kind]);

  return (
    <Page title={title} width="form">
      <Stack gap="md">
        <Text>{t(INTRO[kind])}</Text>
        <Text size="sm" c="dimmed">
          {t('legal.languageNote')}
        </Text>
        {documents.isPending ? (
          <Skeleton h={{ base: 420, sm: 640 }} />
        ) : document ? (
          <>
            <Group justify="flex-end">
              <Anchor href={document.legalfile.url} download size="sm" data-testid="legal-download">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconDownload size={16} aria-hidden="true" />
                  {t('legal.download')}
                </Group>
              </Anchor>
            </Group>
            <Paper withBorder p={0} h={{ base: 420, sm: 640 }} style={{ overflow: 'hidden' }}>
              <iframe src={document.legalfile.url} title={title} data-testid="legal-pdf" style={{ width: '100%', height: '100%', border: 0 }} />
            </Paper>
          </>
        ) : (
          <Box>
            <Alert color="red" role="alert" data-testid="legal-failed">
              {t('agreements.pdfFailed')}
            </Alert>
          </Box>
        )}
      </Stack>
    </Page>
  );
}
