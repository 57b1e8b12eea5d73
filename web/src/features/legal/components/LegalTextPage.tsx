import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Page } from '../../../components/Page';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** A legal page written as text (imprint, disclaimer): sections with a heading each. */
export function LegalTextPage({ title, intro, sections }: { title: string; intro?: string; sections: LegalSection[] }) {
  return (
    <Page title={title} width="form">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="legal-text">
        <Stack gap="lg">
          {intro ? <Text>{intro}</Text> : null}
          {sections.map((section) => (
            <Stack gap={6} key={section.heading} component="section">
              <Title order={2} size="h4">
                {section.heading}
              </Title>
              {typeof section.body === 'string' ? (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {section.body}
                </Text>
              ) : (
                section.body
              )}
            </Stack>
          ))}
        </Stack>
      </Paper>
    </Page>
  );
}
