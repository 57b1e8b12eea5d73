import { errorMessage } from './api-client';
import i18n, { loadLanguage } from '../i18n/i18n';

/** Every server error code has its own message in every language. */
const SECTION_8_CODES = [
  'email_required',
  'email_used',
  'phone_used',
  'invalid_credentials',
  'email_not_found',
  'user_not_found',
  'email_not_verified',
  'server_error',
  'file_too_large',
  'invalid_token',
  'invalid_or_expired_token',
  'last_company_admin',
  'user_deleted',
  'token_expired',
  'session_expired',
  'last_responsible_user',
  'CREDENTIALS_USED_LMS',
  'orderError',
  'forbidden',
  'wrong_old_password',
  'new_password_missed',
  'password_or_token_missed',
  'token_missed',
  'token_not_found',
];

describe('the error catalogue', () => {
  afterAll(() => i18n.changeLanguage('en'));
  it.each(['en', 'de', 'pt'])('has error.<code> for every server error code in %s', async (lang) => {
    await loadLanguage(lang as 'en' | 'de' | 'pt');
    await i18n.changeLanguage(lang);
    const missing = SECTION_8_CODES.filter((code) => !i18n.exists(`error.${code}`, { lng: lang, fallbackLng: false }));
    expect(missing).toEqual([]);
    expect(errorMessage('no_such_code')).toBe(i18n.t('notification.defaultError'));
  });
});
