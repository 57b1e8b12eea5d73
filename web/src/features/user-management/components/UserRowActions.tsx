import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconChevronDown } from '../../../components/icons';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notify } from '../../../lib/notify';
import { onBehalfStore } from '../../../lib/session/on-behalf';
import { paths } from '../../../lib/paths';
import type { Profile } from '../../../lib/session/session';
import { useActivateUser, useForceLoginLink, useResetConsents, type UserProfile } from '../api/users';

export type UserDialogKind = 'edit' | 'archive' | 'delete' | 'reinvite';

interface UserRowActionsProps {
  user: UserProfile;
  viewer: Profile;
  onOpen: (kind: UserDialogKind, user: UserProfile) => void;
}

/** What an admin can do with a user; staff-only tools (docs/security.md) only for staff. */
export function UserRowActions({ user, viewer, onOpen }: UserRowActionsProps) {
  const { t } = useTranslation();
  const staff = viewer.type === 'BL' && !viewer.blUser;
  const activate = useActivateUser();
  const resetConsents = useResetConsents();
  const loginLink = useForceLoginLink();
  const self = user._id === viewer._id;
  const customer = user.type !== 'BL';
  const navigate = useNavigate();
  const lang = useLanguage();
  // Staff order for this user from their service portfolio; the banner shows and offers the way back.
  const actFor = () => {
    onBehalfStore.start({ userId: user._id, name: `${user.firstName} ${user.lastName}`.trim(), companyName: user.company.name });
    navigate(paths.servicePortfolio(lang));
  };

  const copyLoginLink = (open: boolean) =>
    loginLink.mutate(user._id, {
      onSuccess: async ({ link }) => {
        if (open) {
          window.open(link, '_blank', 'noopener');
          return;
        }
        await navigator.clipboard?.writeText(link).catch(() => undefined);
        notify('success', t('users.notify.copied'));
      },
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          aria-label={t('users.actions.menu', { name: `${user.firstName} ${user.lastName}` })}
          onClick={(e) => e.stopPropagation()}
          data-testid="user-actions"
        >
          <IconChevronDown size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onOpen('edit', user)}>{t('staffCommon.edit')}</Menu.Item>
        {user.status === 'INVITED' ? <Menu.Item onClick={() => onOpen('reinvite', user)}>{t('users.actions.reinvite')}</Menu.Item> : null}
        {user.status !== 'ACTIVE' ? (
          <Menu.Item onClick={() => activate.mutate(user._id, { onSuccess: () => notify('success', t('users.notify.activated')) })}>
            {t('users.actions.activate')}
          </Menu.Item>
        ) : null}
        {staff ? (
          <Menu.Item onClick={() => resetConsents.mutate(user._id, { onSuccess: () => notify('success', t('users.notify.consentsReset')) })}>
            {t('users.actions.resetConsents')}
          </Menu.Item>
        ) : null}
        {staff && customer && user.status === 'ACTIVE' ? (
          <>
            <Menu.Item onClick={actFor} data-testid="act-for-user">
              {t('users.actions.actFor')}
            </Menu.Item>
            <Menu.Item onClick={() => copyLoginLink(true)}>{t('users.actions.forceLogin')}</Menu.Item>
            <Menu.Item onClick={() => copyLoginLink(false)}>{t('users.actions.copyLoginLink')}</Menu.Item>
          </>
        ) : null}
        {!self && user.status !== 'DELETED' ? (
          <>
            <Menu.Divider />
            <Menu.Item onClick={() => onOpen('archive', user)}>{t('users.actions.archive')}</Menu.Item>
            <Menu.Item color="red.9" onClick={() => onOpen('delete', user)}>
              {t('staffCommon.delete')}
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
