import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { ErrorState } from '../../../components/StatusState';
import { mayChange } from '../../../lib/session/access';
import { useProfile } from '../../../lib/session/session';
import { useMyProfile } from '../api/my-profile';
import { AgreementsSection, ContactSection, NotificationSection, PasswordSection } from '../components/ProfileSections';

export function Component() {
  const { t, i18n } = useTranslation();
  const profile = useMyProfile();
  const readOnly = !mayChange(useProfile());
  return (
    <Page title={t('page.titles.myProfile')} width="form">
      {profile.isPending ? (
        <Stack gap="lg">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={160} radius="md" />
          ))}
        </Stack>
      ) : profile.isError ? (
        <ErrorState
          title={t('profile.loadError.title')}
          description={t('profile.loadError.text')}
          action={{ label: t('actions.retry'), onClick: () => void profile.refetch() }}
        />
      ) : (
        <Stack gap="lg">
          <ContactSection profile={profile.data} readOnly={readOnly} />
          <PasswordSection />
          <NotificationSection profile={profile.data} readOnly={readOnly} />
          <AgreementsSection profile={profile.data} language={i18n.language} />
        </Stack>
      )}
    </Page>
  );
}
