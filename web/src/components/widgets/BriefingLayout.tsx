import { Anchor, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

/** The two routes a source's paragraphs link to, by the source's name in `?source=`. */
export type BriefingLinks = Readonly<Record<string, readonly [string, string]>>;

export interface BriefingLayoutProps {
  /** Where the texts are: `{ns}.{source}.title`, `.first`, `.second` (each with a `<route>`) and `.footer`. */
  textKey: string;
  links: BriefingLinks;
  children: ReactNode;
}

/** The source a page was entered from (`?source=`), lower-cased; null without one. */
export function useBriefingSource(): string | null {
  const [params] = useSearchParams();
  const source = params.get('source')?.trim().toLowerCase();
  return source && /^[a-z0-9-]{1,40}$/.test(source) ? source : null;
}

/**
 * A page with an explanatory side panel chosen by `?source=`: a title, two paragraphs linking to named routes and a
 * footer. Without a source, or for a source with no text or no links, the page is shown alone.
 */
export function BriefingLayout({ textKey, links, children }: BriefingLayoutProps) {
  const { t, i18n } = useTranslation();
  const source = useBriefingSource();
  const key = source ? `${textKey}.${source}` : null;
  const routes = source ? links[source] : undefined;
  if (!key || !routes || !i18n.exists(`${key}.title`)) return <>{children}</>;
  const paragraph = (part: 'first' | 'second', to: string) => (
    <Text size="sm">
      <Trans i18nKey={`${key}.${part}`} components={{ route: <Anchor component={Link} to={to} inherit underline="always" /> }} />
    </Text>
  );
  return (
    <Grid gap={0} align="flex-start">
      <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
        {children}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }} px="md" pt={{ base: 'md', md: 48 }}>
        <Paper component="aside" aria-labelledby="briefing-title" bg="accent.0" p={{ base: 'lg', sm: 'xl' }} radius="md" data-testid="briefing-panel" maw={460}>
          <Stack gap="md">
            <Title order={2} size="h3" id="briefing-title">
              {t(`${key}.title`)}
            </Title>
            {paragraph('first', routes[0])}
            {paragraph('second', routes[1])}
            <Text size="xs" c="gray.8" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-4)' }}>
              {t(`${key}.footer`)}
            </Text>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
