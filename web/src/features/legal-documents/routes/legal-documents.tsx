import { Button, Group, Paper, ScrollArea, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { LegalDocumentKind, LegalLanguage } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconDownload, IconPlus } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { ToneBadge } from '../../../components/ToneBadge';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { ACCESS, can } from '../../../lib/session/access';
import { useProfile } from '../../../lib/session/session';
import { useFormat } from '../../../lib/i18n/use-format';
import { openLegalFile, useManagedLegalDocuments, type ManagedLegalDocument } from '../api/legal-documents';
import { PublishVersionDialog } from '../components/PublishVersionDialog';

/** Download buttons for one version, one per language it has. */
function Downloads({ kind, version, languages }: { kind: LegalDocumentKind; version: number; languages: readonly LegalLanguage[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      {languages.map((language) => (
        <Button
          key={language}
          size="compact-sm"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden="true" />}
          aria-label={t('legalDocuments.download', { version, language: t(`languages.${language}`) })}
          onClick={() => void openLegalFile(kind, version, language).catch(() => undefined)}
          data-testid={`download-${kind}-${version}-${language}`}
        >
          {language.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}

/** One kind: its current version, and every version with who published it and when (the history). */
function DocumentSection({ document, manage, onPublish }: { document: ManagedLegalDocument; manage: boolean; onPublish: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [current] = document.versions;
  const headingId = `legal-${document.kind}`;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby={headingId} data-testid={`legal-kind-${document.kind}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} miw={0} style={{ flex: '1 1 260px' }}>
            <Title order={2} size="h3" id={headingId}>
              {t(`legalDocuments.kinds.${document.kind}`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`legalDocuments.accepted.${document.agreement}`)}
            </Text>
          </Stack>
          {manage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={onPublish} data-testid={`publish-${document.kind}`}>
              {t('legalDocuments.publish')}
            </Button>
          ) : null}
        </Group>
        {current ? (
          <Group gap="xs" wrap="wrap" data-testid="current-version">
            <ToneBadge tone="done">{t('legalDocuments.current', { version: current.version })}</ToneBadge>
            <Text size="sm">{t('legalDocuments.publishedOn', { date: format.dateTime(current.publishedAt) })}</Text>
          </Group>
        ) : (
          <EmptyListState title={t('legalDocuments.none')} description={t(manage ? 'legalDocuments.noneText' : 'legalDocuments.noneTextReadOnly')} />
        )}
        {document.versions.length > 0 ? (
          <ScrollArea type="auto">
            <Table striped miw={520} data-testid={`legal-history-${document.kind}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('legalDocuments.fields.version')}</Table.Th>
                  <Table.Th>{t('legalDocuments.fields.published')}</Table.Th>
                  <Table.Th>{t('legalDocuments.fields.by')}</Table.Th>
                  <Table.Th>{t('legalDocuments.fields.files')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {document.versions.map((version) => (
                  <Table.Tr key={version.version}>
                    <Table.Td>{version.version}</Table.Td>
                    <Table.Td className="onsite-nowrap">{format.dateTime(version.publishedAt)}</Table.Td>
                    <Table.Td>
                      {version.publishedBy.name ?? version.publishedBy.userId}
                      {version.onBehalfOf ? (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          {t('legalDocuments.onBehalfOf', { name: version.onBehalfOf.name ?? version.onBehalfOf.userId })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Downloads kind={document.kind} version={version.version} languages={version.languages} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * legal-documents: the terms of use and the privacy policy as the public pages and the agreement dialogs show them
 * (D206): each kind's versions, the newest current, with who published each and when, every version downloadable.
 * Every staff member reads them; staff administrators publish a new version, which every user accepts again.
 */
export function Component() {
  const { t } = useTranslation();
  const profile = useProfile();
  const manage = can(ACCESS.contentManagement, profile);
  const documents = useManagedLegalDocuments();
  const [publishing, setPublishing] = useState<ManagedLegalDocument | null>(null);

  return (
    <Page
      title={t('legalDocuments.title')}
      meta={
        <Text size="sm" c="dimmed">
          {t(manage ? 'legalDocuments.intro' : 'legalDocuments.introReadOnly')}
        </Text>
      }
    >
      {documents.isPending ? (
        <Stack gap="md" aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} height={180} radius="md" />
          ))}
        </Stack>
      ) : documents.isError ? (
        <ErrorState
          title={t('legalDocuments.loadError')}
          description={t('legalDocuments.loadErrorText')}
          action={{ label: t('actions.retry'), onClick: () => void documents.refetch() }}
        />
      ) : (
        <Stack gap="lg">
          {documents.data.map((document) => (
            <DocumentSection key={document.kind} document={document} manage={manage} onPublish={() => setPublishing(document)} />
          ))}
        </Stack>
      )}
      {publishing ? (
        <PublishVersionDialog
          kind={publishing.kind}
          current={publishing.versions[0]?.version ?? 0}
          onClose={() => setPublishing(null)}
          onReload={() => {
            setPublishing(null);
            void documents.refetch();
          }}
        />
      ) : null}
    </Page>
  );
}
