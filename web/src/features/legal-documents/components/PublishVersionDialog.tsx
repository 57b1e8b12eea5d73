import { Alert, Button, Stack, Text } from '@mantine/core';
import type { LegalDocumentKind } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandFailureAlert } from '../../../components/CommandFailureAlert';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';
import { FileUpload } from '../../../components/widgets';
import { notify } from '../../../lib/notify';
import { usePublishLegalVersion } from '../api/legal-documents';

const LANGUAGES = ['en', 'de', 'pt'] as const;
type Files = Record<(typeof LANGUAGES)[number], File[]>;

/**
 * A new version of one kind of legal document (staff administrators, D206): a PDF in English, and in German and
 * Portuguese where there is one (readers of a missing language get the English file). Publishing asks every user
 * to accept the new version at their next log-in.
 */
export function PublishVersionDialog({
  kind,
  current,
  onClose,
  onReload,
}: {
  kind: LegalDocumentKind;
  /** The current version the publisher sees (0: none yet): the new one goes on top of it. */
  current: number;
  onClose: () => void;
  /** Someone published meanwhile: read the list again (the dialog closes). */
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const publish = usePublishLegalVersion();
  const [files, setFiles] = useState<Files>({ en: [], de: [], pt: [] });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    publish.reset();
    const en = files.en[0];
    const notPdf = LANGUAGES.some((l) => files[l][0] && !/\.pdf$/i.test(files[l][0].name));
    if (!en || notPdf) {
      setProblem(t(en ? 'legalDocuments.dialog.pdfOnly' : 'legalDocuments.dialog.englishRequired'));
      return;
    }
    setProblem(null);
    publish.mutate(
      { kind, basedOn: current, files: { en, ...(files.de[0] ? { de: files.de[0] } : {}), ...(files.pt[0] ? { pt: files.pt[0] } : {}) } },
      {
        onSuccess: (document) => {
          notify('success', t('legalDocuments.dialog.published', { version: document.versions[0]?.version ?? current + 1 }));
          onClose();
        },
      },
    );
  };

  return (
    <FixedDialog opened onClose={onClose} title={t('legalDocuments.dialog.title', { document: t(`legalDocuments.kinds.${kind}`) })} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <CommandFailureAlert error={publish.error} onReload={onReload} stale={{ legal_version_changed: 'legalDocuments.dialog.changedMeanwhile' }} />
          <Alert color="orange" variant="light">
            <Text size="sm">{t('legalDocuments.dialog.reaccept')}</Text>
          </Alert>
          {LANGUAGES.map((language) => (
            <FileUpload
              key={language}
              label={t(language === 'en' ? 'legalDocuments.dialog.fileRequired' : 'legalDocuments.dialog.fileOptional', {
                language: t(`languages.${language}`),
              })}
              files={files[language]}
              onChange={(picked) => {
                setFiles((current) => ({ ...current, [language]: picked }));
                setProblem(null);
              }}
              maxCount={1}
              multiple={false}
            />
          ))}
          {problem ? (
            <Text size="sm" c="red.8" role="alert" data-testid="publish-problem">
              {problem}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('legalDocuments.dialog.fallbackHint')}
          </Text>
          <DialogActions onCancel={onClose} busy={publish.isPending}>
            <Button type="submit" loading={publish.isPending} data-testid="publish-version">
              {t('legalDocuments.dialog.publish')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </FixedDialog>
  );
}
