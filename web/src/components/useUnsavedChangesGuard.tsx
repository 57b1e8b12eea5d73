import { Button, Group, Text } from '@mantine/core';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router';
import { FixedDialog } from './FixedDialog';

/** The path without its language segment: switching the language keeps the page and its form. */
const withoutLanguage = (pathname: string) => pathname.replace(/^\/[^/]+/, '');

/**
 * Data-loss prevention: while `dirty`, leaving the page asks first (a dialog that closes only by its
 * buttons) and closing the tab asks the browser's question. `allowNavigation()` lets a finished form go.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const { t } = useTranslation();
  const dirtyRef = useRef(dirty);
  const allowedRef = useRef(false);
  dirtyRef.current = dirty;

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !allowedRef.current && withoutLanguage(currentLocation.pathname) !== withoutLanguage(nextLocation.pathname),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (allowedRef.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const dialog = (
    <FixedDialog opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('dataLoss.title')} centered>
      <Text size="sm">{t('dataLoss.text')}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t('actions.stay')}
        </Button>
        <Button color="red.9" onClick={() => blocker.proceed?.()}>
          {t('actions.leave')}
        </Button>
      </Group>
    </FixedDialog>
  );

  return {
    dialog,
    allowNavigation: () => {
      allowedRef.current = true;
    },
  };
}
