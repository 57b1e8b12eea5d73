import { Button, Code, Container, Group } from '@mantine/core';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorState, NotFoundState } from '../components/StatusState';
import { useLanguage } from '../lib/i18n/use-language';
import { removeServerPage } from '../lib/server-page';
import { paths } from '../lib/paths';
import { pageCommitted } from '../lib/page-ready';
import { allowChunkReloadAgain, isChunkLoadError } from './lazy-route';

/** Each route's error boundary: a 404 as not-found, a stale chunk as 'reload', anything else as an error. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const lang = useLanguage();

  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  // An error page is a first page too: the notification stack and the shell's parts may come.
  useEffect(pageCommitted, []);
  // In place of the layout, the error replaces the server's page (D85, D101) if it is still there.
  useLayoutEffect(removeServerPage, []);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container size="sm" py="xl">
        <NotFoundState title={t('page.notFound.title')} description={t('page.notFound.text')} action={{ label: t('actions.goHome'), to: paths.home(lang) }} />
      </Container>
    );
  }

  const chunk = isChunkLoadError(error);
  return (
    <Container size="sm" py="xl">
      <ErrorState
        title={t(chunk ? 'page.error.updatedTitle' : 'page.error.title')}
        description={t(chunk ? 'page.error.updatedText' : 'page.error.text')}
        action={{
          label: t('actions.reload'),
          onClick: () => {
            allowChunkReloadAgain();
            window.location.reload();
          },
        }}
      />
      {import.meta.env.DEV && error instanceof Error ? (
        <Code block mt="md">
          {error.stack ?? error.message}
        </Code>
      ) : null}
      <Group justify="center" mt="md">
        <Button component={Link} to={paths.home(lang)} variant="subtle">
          {t('actions.goHome')}
        </Button>
      </Group>
    </Container>
  );
}
