import { Alert, Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { documentFor, pendingAgreements, useAcceptAgreement, useLegalDocuments, type AgreementKind } from '../../lib/session/agreements';
import { notify } from '../../lib/notify';
import type { Profile } from '../../lib/session/session';
import { FixedDialog } from '../FixedDialog';

const TITLE: Record<AgreementKind, string> = { licence: 'agreements.licence.title', privacy: 'agreements.privacy.title' };
const INTRO: Record<AgreementKind, string> = { licence: 'agreements.licence.intro', privacy: 'agreements.privacy.intro' };
const REJECTED: Record<AgreementKind, string> = { licence: 'agreements.licence.rejected', privacy: 'agreements.privacy.rejected' };

export interface AgreementDialogsProps {
  profile: Profile;
  language: string;
  /** Called after a rejection (each rejected agreement has been announced): log out and go to login. */
  onReject: () => void;
}

/**
 * After login: the licence dialog first, then the privacy policy dialog, each with the PDF and Reject / Accept.
 * They close only through their buttons (no Escape, no outside click).
 */
export function AgreementDialogs({ profile, language, onReject }: AgreementDialogsProps) {
  const { t } = useTranslation();
  const pending = pendingAgreements(profile);
  const current = pending[0];
  const documents = useLegalDocuments(language, current !== undefined);
  const accept = useAcceptAgreement();
  if (!current) return null;

  const document = documents.data ? documentFor(documents.data, current) : undefined;
  const reject = () => {
    for (const kind of pending) notify('error', t(REJECTED[kind]));
    onReject();
  };

  return (
    <FixedDialog opened onClose={() => undefined} size="xl" centered title={t(TITLE[current])} data-testid={`agreement-${current}`}>
      <Stack gap="md">
        <Text size="sm">{t(INTRO[current])}</Text>
        <Box h={{ base: 360, sm: 480 }}>
          {documents.isPending ? (
            <Skeleton h="100%" />
          ) : document ? (
            <iframe
              src={document.legalfile.url}
              title={document.title}
              style={{ width: '100%', height: '100%', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
            />
          ) : (
            <Alert color="red" role="alert">
              {t('agreements.pdfFailed')}
            </Alert>
          )}
        </Box>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={reject} disabled={accept.isPending}>
            {t('agreements.reject')}
          </Button>
          <Button onClick={() => accept.mutate(current)} loading={accept.isPending}>
            {t('agreements.accept')}
          </Button>
        </Group>
      </Stack>
    </FixedDialog>
  );
}
