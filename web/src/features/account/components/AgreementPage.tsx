import { Alert, Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { IconAlertCircle, IconCheck, IconDownload } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { documentFor, pendingAgreements, useAcceptAgreement, useLegalDocuments, type AgreementKind } from '../../../lib/session/agreements';
import { type Language } from '../../../lib/i18n/languages';
import { useLanguage } from '../../../lib/i18n/use-language';
import { logOut } from '../../../lib/session/log-out';
import { notify } from '../../../lib/notify';
import { paths, safeRedirect } from '../../../lib/paths';
import { useProfile } from '../../../lib/session/session';

const TITLE: Record<AgreementKind, string> = { licence: 'page.titles.acceptUsageConditions', privacy: 'page.titles.acceptPrivacyPolicy' };
const INTRO: Record<AgreementKind, string> = { licence: 'agreements.licence.intro', privacy: 'agreements.privacy.intro' };
const REJECTED: Record<AgreementKind, string> = { licence: 'agreements.licence.rejected', privacy: 'agreements.privacy.rejected' };

const agreementPath = (kind: AgreementKind, lang: Language) => (kind === 'licence' ? paths.acceptUsageConditions(lang) : paths.acceptPrivacyPolicy(lang));

/**
 * The full-page version of an agreement dialog: the document in the user's language, Reject / Accept.
 * Accepting goes on to the next open agreement, then to where the user wanted to go; rejecting logs out.
 */
export function AgreementPage({ kind }: { kind: AgreementKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const lang = useLanguage();
  const profile = useProfile();
  const documents = useLegalDocuments(lang, true);
  const accept = useAcceptAgreement();
  const document = documents.data ? documentFor(documents.data, kind) : undefined;
  const pending = profile ? pendingAgreements(profile) : [];
  const open = pending.includes(kind);

  const goOn = (stillPending: AgreementKind[]) => {
    const next = stillPending[0];
    const redirect = searchParams.get('redirect');
    if (next) void navigate(agreementPath(next, lang) + (redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''), { replace: true });
    else void navigate(safeRedirect(redirect, lang), { replace: true });
  };
  const reject = () => {
    for (const each of pending.length ? pending : [kind]) notify('error', t(REJECTED[each]));
    queryClient.removeQueries({ queryKey: ['legal-documents'] });
    void logOut().finally(() => void navigate(paths.login(lang), { replace: true }));
  };

  return (
    <Page title={t(TITLE[kind])} width="form">
      <Stack gap="md">
        {!profile ? (
          <Skeleton h={24} />
        ) : profile.blUser ? (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
            {t('account.agreement.onBehalf')}
          </Alert>
        ) : open ? (
          <Text size="sm">{t(INTRO[kind])}</Text>
        ) : (
          <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status" data-testid="agreement-already-accepted">
            {t('account.agreement.alreadyAccepted')}
          </Alert>
        )}
        <Paper withBorder p={0} h={{ base: 420, sm: 560 }} style={{ overflow: 'hidden' }}>
          {documents.isPending ? (
            <Skeleton h="100%" />
          ) : document ? (
            <iframe src={document.legalfile.url} title={t(TITLE[kind])} style={{ width: '100%', height: '100%', border: 0 }} />
          ) : (
            <Box p="md">
              <Alert color="red" role="alert">
                {t('agreements.pdfFailed')}
              </Alert>
            </Box>
          )}
        </Paper>
        <Group justify="space-between" gap="sm" wrap="wrap">
          {document ? (
            <Anchor href={document.legalfile.url} download size="sm" data-testid="agreement-download">
              <Group gap={4} component="span" wrap="nowrap">
                <IconDownload size={16} aria-hidden="true" />
                {t('legal.download')}
              </Group>
            </Anchor>
          ) : (
            <span />
          )}
          {profile && !profile.blUser ? (
            open ? (
              <Group gap="sm">
                <Button variant="default" onClick={reject} disabled={accept.isPending} data-testid="agreement-reject">
                  {t('agreements.reject')}
                </Button>
                <Button
                  onClick={() => accept.mutate(kind, { onSuccess: (next) => goOn(pendingAgreements(next)) })}
                  loading={accept.isPending}
                  data-testid="agreement-accept"
                >
                  {t('agreements.accept')}
                </Button>
              </Group>
            ) : (
              <Button onClick={() => goOn(pending)} data-testid="agreement-continue">
                {t('account.agreement.continue')}
              </Button>
            )
          ) : null}
        </Group>
      </Stack>
    </Page>
  );
}
