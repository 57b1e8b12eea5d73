import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { Role } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../../../components/widgets';
import type { Profile } from '../../../lib/session/session';
import type { UserProfile } from '../api/users';
import type { UserFormState } from './use-user-form';

/** Who the user is: name, e-mail (fixed once invited), phone (a supervisor's is required) and role. */
export function UserIdentityFields({
  user,
  viewer,
  state,
}: {
  user: UserProfile | null;
  viewer: Profile;
  state: Pick<UserFormState, 'values' | 'form' | 'error' | 'roles' | 'company'>;
}) {
  const { t } = useTranslation();
  const { values: v, form, error, roles } = state;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('users.fields.firstName')}
          required
          value={v.firstName}
          onChange={(e) => form.setValue('firstName', e.currentTarget.value)}
          error={error('firstName')}
        />
        <TextInput
          label={t('users.fields.lastName')}
          required
          value={v.lastName}
          onChange={(e) => form.setValue('lastName', e.currentTarget.value)}
          error={error('lastName')}
        />
      </SimpleGrid>
      <TextInput
        label={t('fields.email')}
        type="email"
        required={!user}
        disabled={Boolean(user)}
        value={v.email}
        onChange={(e) => form.setValue('email', e.currentTarget.value)}
        error={error('email')}
      />
      <PhoneInput
        label={t('users.fields.phone')}
        value={v.phone}
        onChange={(phone) => form.setValue('phone', phone)}
        defaultCountry={user?.country ?? state.company.chosen?.country ?? viewer.country}
        required={v.role === 'SUPERVISOR'}
        error={error('phone')}
      />
      <Select
        label={t('users.fields.role')}
        required
        data={roles.map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
        value={v.role || null}
        onChange={(role) => form.setValue('role', (role ?? '') as Role | '')}
        error={error('role')}
        disabled={roles.length === 0}
        placeholder={roles.length === 0 ? t('users.dialog.chooseCompanyFirst') : undefined}
      />
    </>
  );
}
