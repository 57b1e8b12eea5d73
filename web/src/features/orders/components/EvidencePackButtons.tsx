import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconDownload } from '../../../components/icons';
import { apiDownload, saveFile } from '../../../lib/api/api-client';
import { useProfile } from '../../../lib/session/session';

/**
 * The 'as accepted' evidence pack of an accepted order (JSON and PDF), for staff, auditors and the customer's
 * admins (the api answers 404 to everyone else, so the buttons are not offered to them).
 */
export function EvidencePackButtons({ refId, events }: { refId: string; events: readonly { event: string }[] }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const [busy, setBusy] = useState<'json' | 'pdf' | null>(null);
  const accepted = events.some((e) => e.event === 'ACCEPT_OFFER');
  const allowed = profile ? (profile.type === 'BL' && !profile.blUser) || profile.role === 'ADMIN' : false;
  if (!accepted || !allowed) return null;
  const download = async (format: 'json' | 'pdf') => {
    setBusy(format);
    try {
      const { blob, fileName } = await apiDownload('/audit/evidence', { body: { refId, format } });
      saveFile(blob, fileName ?? `evidence-${refId}.${format}`);
    } catch {
      // The api client has already told the user what went wrong.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="sm" wrap="wrap" data-testid="evidence-pack">
      <Text size="sm" c="dimmed">
        {t('audit.evidence.label')}
      </Text>
      <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={busy === 'json'} onClick={() => void download('json')}>
        {t('audit.evidence.json')}
      </Button>
      <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={busy === 'pdf'} onClick={() => void download('pdf')}>
        {t('audit.evidence.pdf')}
      </Button>
    </Group>
  );
}
