import { Alert, Button, Group, Stack, TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FixedDialog } from '../../../components/FixedDialog';
import { IconAlertCircle } from '../../../components/icons';
import type { Profile } from '../../../lib/session/session';
import type { UserProfile } from '../api/users';
import { useUserForm } from './use-user-form';
import { UserChannelsField } from './UserChannelsField';
import { UserCompanyField } from './UserCompanyField';
import { UserIdentityFields } from './UserIdentityFields';
import { UserStaffFields } from './UserStaffFields';

interface UserDialogProps {
  /** null: invite a new user. */
  user: UserProfile | null;
  viewer: Profile;
  onClose: () => void;
}

/** Invite (stays open on a validation failure, closes on success) and edit a user. */
export function UserDialog({ user, viewer, onClose }: UserDialogProps) {
  const { t } = useTranslation();
  const state = useUserForm({ user, viewer, onClose });
  const { values: v, form, pending } = state;
  return (
    <FixedDialog
      opened
      onClose={onClose}
      title={user ? t('users.dialog.editTitle', { name: `${user.firstName} ${user.lastName}` }) : t('users.dialog.inviteTitle')}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void state.submit();
        }}
      >
        <Stack gap="md">
          {state.serverError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="user-dialog-error">
              {state.serverError}
            </Alert>
          ) : null}
          {state.staff && !user ? <UserCompanyField {...state} /> : null}
          <UserIdentityFields user={user} viewer={viewer} state={state} />
          <UserStaffFields {...state} />
          <TagsInput label={t('users.fields.tags')} value={v.tags} onChange={(tags) => form.setValue('tags', tags)} clearable />
          {!user ? <UserChannelsField {...state} /> : null}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('staffCommon.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="save-user">
              {user ? t('staffCommon.save') : t('users.actions.invite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FixedDialog>
  );
}
