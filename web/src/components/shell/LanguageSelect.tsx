import { lazy, Suspense, useEffect, useState } from 'react';
import { usePageReady } from '../../lib/page-ready';
import { loadLanguageSelectField } from './lazy-parts';

/** The dropdown appears after this delay, so a signed-in user's forced language does not flash it. */
export const LANGUAGE_SELECT_DELAY_MS = 100;

const LanguageSelectField = lazy(() => loadLanguageSelectField().then((module) => ({ default: module.LanguageSelectField })));

/** Native language names; choosing one saves it and reloads the same route (path and query) in it. */
export function LanguageSelect() {
  const pageReady = usePageReady();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    // Not before the first page is on screen with its data (lib/page-ready.ts); the field's code is fetched while the
    // delay runs.
    if (!pageReady) return;
    void loadLanguageSelectField().catch(() => undefined);
    const timer = window.setTimeout(() => setVisible(true), LANGUAGE_SELECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pageReady]);
  if (!visible) return null;

  return (
    <Suspense fallback={null}>
      <LanguageSelectField />
    </Suspense>
  );
}
