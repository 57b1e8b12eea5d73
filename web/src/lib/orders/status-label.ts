import { useTranslation } from 'react-i18next';
import { useProfile } from '../session/session';

/**
 * The words for a status depend on the side: what the customer 'received' the provider's staff 'sent'. Staff (not
 * acting for a customer) read `statusStaff.<STATUS>` where it exists, everyone else `status.<STATUS>`.
 */
export function useStatusLabel(): (status: string) => string {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const staffSide = profile?.type === 'BL' && !profile.blUser;
  return (status) => (staffSide && i18n.exists(`statusStaff.${status}`) ? t(`statusStaff.${status}`) : t(`status.${status}`));
}
