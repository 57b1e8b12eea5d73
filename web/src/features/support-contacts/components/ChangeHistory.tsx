import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangeHistoryTable } from '../../../components/ChangeHistory';
import { useSupportContactsHistory, type SupportContactsChange } from '../api/support-contacts';

function What({ change }: { change: SupportContactsChange }) {
  const { t } = useTranslation();
  const data = change.data as { group?: string; phone?: string; email?: string; contacts?: { name: string }[] };
  switch (change.type) {
    case 'SUPPORT_GROUP_CONTACT_SET':
      return (
        <>
          {t('supportContacts.history.group', { group: t(`shell.contact.groups.${data.group ?? 'emea'}`), phone: data.phone ?? '', email: data.email ?? '' })}
        </>
      );
    case 'PERSONAL_CONTACTS_SET':
      return <>{t('supportContacts.history.personal', { names: (data.contacts ?? []).map((c) => c.name).join(', ') || '–' })}</>;
    case 'IT_SUPPORT_EMAIL_SET':
      return <>{t('supportContacts.history.it', { email: data.email ?? '' })}</>;
  }
}

/** Who changed what, and when (the events of the support contacts), newest first. */
export function ChangeHistory() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="support-contacts-history">
      <Stack gap="sm">
        <Title order={2} size="h4" id="support-contacts-history">
          {t('supportContacts.history.title')}
        </Title>
        <ChangeHistoryTable
          history={useSupportContactsHistory()}
          changeLabel={t('supportContacts.history.change')}
          describe={(change) => <What change={change} />}
          emptyText={t('supportContacts.history.empty')}
          loadError={{ title: t('supportContacts.history.loadError'), description: t('supportContacts.history.loadErrorText') }}
          minWidth={560}
          testId="support-contacts-history"
        />
      </Stack>
    </Paper>
  );
}
