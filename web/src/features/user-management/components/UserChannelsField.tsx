import { Checkbox, Group } from '@mantine/core';
import type { Channel } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import type { UserFormState } from './use-user-form';

/** How a new user hears of the invitation: always e-mail, SMS and WhatsApp too when they have a phone number. */
export function UserChannelsField({ values: v, form }: Pick<UserFormState, 'values' | 'form'>) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('users.fields.channels')}
      value={v.channels}
      onChange={(channels) => form.setValue('channels', (channels.length ? channels : ['email']) as Channel[])}
    >
      <Group gap="md" mt={4}>
        <Checkbox value="email" label={t('users.channels.email')} disabled />
        <Checkbox value="sms" label={t('users.channels.sms')} disabled={!v.phone} />
        <Checkbox value="whatsapp" label={t('users.channels.whatsapp')} disabled={!v.phone} />
      </Group>
    </Checkbox.Group>
  );
}
