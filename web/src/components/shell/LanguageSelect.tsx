import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isLanguage, LANGUAGES, NATIVE_LANGUAGE_NAMES, saveLanguage } from '../../lib/languages';
import { languageFromPath, withLanguage } from '../../lib/paths';
import { IconWorld } from '../icons';

/** The dropdown appears after this delay (spec section 9), so a signed-in user's forced language does not flash it. */
export const LANGUAGE_SELECT_DELAY_MS = 100;

/** Native language names; choosing one saves it and reloads the same route (path and query) in it. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const current = languageFromPath(location.pathname);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), LANGUAGE_SELECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;

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
