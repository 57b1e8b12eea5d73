import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isLanguage, LANGUAGES, NATIVE_LANGUAGE_NAMES, saveLanguage } from '../../lib/i18n/languages';
import { languageFromPath, withLanguage } from '../../lib/paths';
import { IconWorld } from '../icon-base';

/**
 * The language dropdown itself. Its own chunk: Mantine's combobox and floating-ui are not needed to paint the
 * first page, and the dropdown appears after a delay anyway (LanguageSelect).
 */
export function LanguageSelectField() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const current = languageFromPath(location.pathname);

  return (
    <Select
      aria-label={t('shell.language')}
      data={LANGUAGES.map((lang) => ({ value: lang, label: NATIVE_LANGUAGE_NAMES[lang] }))}
      value={current}
      onChange={(value) => {
        if (!isLanguage(value) || value === current) return;
        saveLanguage(value);
        void navigate(withLanguage(location.pathname + location.search + location.hash, value));
      }}
      allowDeselect={false}
      leftSection={<IconWorld size={16} />}
      comboboxProps={{ width: 200, position: 'bottom-end' }}
      w={{ base: 120, sm: 196 }}
      size="sm"
      data-testid="language-select"
    />
  );
}
