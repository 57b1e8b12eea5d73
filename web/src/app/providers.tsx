import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n/i18n';
import { usePageReady } from '../lib/page-ready';
import { queryClient } from '../lib/api/query-client';
import { theme } from '../theme';

/**
 * The notification stack is its own chunk (with its transitions), mounted once the first page is on screen with its
 * data (lib/page-ready.ts): nothing is announced before, and a notification shown earlier waits in Mantine's store
 * until the stack mounts.
 */
const NotificationStack = lazy(() => import('../components/shell/NotificationStack').then((module) => ({ default: module.NotificationStack })));

/** Mantine's default error red (red-6) is too light for small text on white; red-9 keeps WCAG AA. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

export function Providers({ children }: { children: ReactNode }) {
  const pageReady = usePageReady();
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          {pageReady ? (
            <Suspense fallback={null}>
              <NotificationStack />
            </Suspense>
          ) : null}
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
