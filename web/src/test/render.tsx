import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n/i18n';
import { theme } from '../theme';

/** Renders with the providers every screen has (Mantine, react-query without retries, i18n in English). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme}>{ui}</MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
