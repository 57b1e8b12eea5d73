import type { Channel } from '@onsite/domain';
import { Alert, Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '../../../components/icons';
import { ApiError, errorMessage, messageOf } from '../../../lib/api/api-client';
import { notify } from '../../../lib/notify';
import { useArchiveUser, useCompanyUsers, useDeleteUser, useReinviteUser, type UserProfile } from '../api/users';
import { FixedDialog } from '../../../components/FixedDialog';

function ErrorAlert({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="user-action-error">
      {message}
    </Alert>
  ) : null;
}

const fixedDialog = { centered: true } as const;

/** Archive hands the user's responsibilities to another user of the company. */
export function ArchiveUserDialog({ user, onClose }: { user: UserProfile; onClose: () => void }) {
  const { t } = useTranslation();
  const others = useCompanyUsers(user.company._id);
  const archive = useArchiveUser();
  const [successor, setSuccessor] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const candidates = (others.data ?? []).filter((u) => u._id !== user._id && u.status !== 'DELETED');
  const noOthers = others.isSuccess && candidates.length === 0;
  return (
    <FixedDialog opened onClose={onClose} title={t('users.archive.title', { name: `${user.firstName} ${user.lastName}` })} {...fixedDialog}>
      <Stack gap="md">
        <Text size="sm">{t('users.archive.text')}</Text>
        {noOthers ? <ErrorAlert message={t('users.archive.removeError')} /> : null}
        <ErrorAlert message={failure} />
        <Select
          label={t('users.archive.newResponsible')}
          required
          data={candidates.map((u) => ({ value: u._id, label: `${u.firstName} ${u.lastName} (${u.email})` }))}
          value={successor}
          onChange={setSuccessor}
          error={touched && !successor ? t('validation.required') : undefined}
          disabled={noOthers}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('staffCommon.cancel')}
          </Button>
          <Button
            color="red.9"
            disabled={noOthers}
            loading={archive.isPending}
            data-testid="confirm-archive"
            onClick={() => {
              setTouched(true);
              if (!successor) return;
              archive.mutate(
                { id: user._id, newResponsiblePerson: successor },
                {
                  onSuccess: () => {
                    notify('success', t('users.notify.archived'));
                    onClose();
                  },
                  onError: (error) => setFailure(error instanceof ApiError ? messageOf(error) : errorMessage('server_error')),
                },
              );
            }}
          >
            {t('users.actions.archive')}
          </Button>
        </Group>
      </Stack>
    </FixedDialog>
  );
}

/** Delete, refused for the last active admin and for a responsible person (docs/security.md, access rules). */
export function DeleteUserDialog({ user, onClose }: { user: UserProfile; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteUser();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <FixedDialog opened onClose={onClose} title={t('users.delete.title', { name: `${user.firstName} ${user.lastName}` })} {...fixedDialog}>
      <Stack gap="md">
        <Text size="sm">{t('users.delete.text')}</Text>
        <ErrorAlert message={failure} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('staffCommon.cancel')}
          </Button>
          <Button
            color="red.9"
            loading={remove.isPending}
            disabled={failure !== null}
            data-testid="confirm-delete-user"
            onClick={() =>
              remove.mutate(user._id, {
                onSuccess: () => {
                  notify('success', t('users.notify.removed'));
                  onClose();
                },
                onError: (error) => setFailure(error instanceof ApiError ? messageOf(error) : errorMessage('server_error')),
              })
            }
          >
            {t('staffCommon.delete')}
          </Button>
        </Group>
      </Stack>
    </FixedDialog>
  );
}

/** Re-invite: e-mail always; staff add SMS or WhatsApp when the user has a phone. */
export function ReinviteUserDialog({ user, staff, onClose }: { user: UserProfile; staff: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const reinvite = useReinviteUser();
  const [channels, setChannels] = useState<Channel[]>(['email']);
  const phoneChannels = staff && Boolean(user.phone);
  return (
    <FixedDialog opened onClose={onClose} title={t('users.reinvite.title', { name: `${user.firstName} ${user.lastName}` })} {...fixedDialog}>
      <Stack gap="md">
        <Checkbox.Group
          label={t('users.fields.channels')}
          value={channels}
          onChange={(value) => setChannels(['email', ...(value.filter((c) => c !== 'email') as Channel[])])}
        >
          <Group gap="md" mt={4}>
            <Checkbox value="email" label={t('users.channels.email')} disabled />
            <Checkbox value="sms" label={t('users.channels.sms')} disabled={!phoneChannels} />
            <Checkbox value="whatsapp" label={t('users.channels.whatsapp')} disabled={!phoneChannels} />
          </Group>
        </Checkbox.Group>
        {staff && !user.phone ? (
          <Text size="xs" c="dimmed">
            {t('profile.notifications.phoneNeeded')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('staffCommon.cancel')}
          </Button>
          <Button
            loading={reinvite.isPending}
            data-testid="confirm-reinvite"
            onClick={() =>
              reinvite.mutate(
                { userId: user._id, communicationChannels: channels },
                {
                  onSuccess: () => {
                    notify('success', t('users.notify.invited'));
                    onClose();
                  },
                },
              )
            }
          >
            {t('users.actions.reinvite')}
          </Button>
        </Group>
      </Stack>
    </FixedDialog>
  );
}
