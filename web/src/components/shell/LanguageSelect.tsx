import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isLanguage, LANGUAGES, saveLanguage } from '../../lib/languages';
import { languageFromPath, withLanguage } from '../../lib/paths';
import { IconWorld } from '../icons';

/** Switches the :lang segment of the URL and keeps the rest of the path (and query). */
export function LanguageSelect() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const current = languageFromPath(location.pathname);

  return (
    <Select
      aria-label={t('shell.language')}
      data={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
      value={current}
      onChange={(value) => {
        if (!isLanguage(value) || value === current) return;
        saveLanguage(value);
        void navigate(withLanguage(location.pathname + location.search + location.hash, value));
      }}
      allowDeselect={false}
      leftSection={<IconWorld size={16} />}
      comboboxProps={{ width: 200, position: 'bottom-end' }}
      w={{ base: 136, sm: 196 }}
      size="sm"
      data-testid="language-select"
    />
  );
}
