import { Anchor, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/i18n/languages';
import { paths } from '../../lib/paths';

export const CLIENT_VERSION = __APP_VERSION__;

/** © year, company, client version, and imprint / privacy opening in a new tab. */
export function Footer({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Container size={1440} px={{ base: 'md', sm: 'lg' }} py="md" component="footer">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('shell.footer.copyright', { year, company: t('shell.footer.company') })}
          </Text>
          <Text size="sm" c="dimmed" data-testid="client-version">
            {t('shell.footer.version', { version: CLIENT_VERSION })}
          </Text>
        </Group>
        <Group gap="md" wrap="wrap">
          <Anchor href={paths.imprint(lang)} target="_blank" rel="noopener noreferrer" size="sm" c="gray.7">
            {t('shell.footer.imprint')}
            <Text span className="sr-only">{` ${t('shell.footer.newTab')}`}</Text>
          </Anchor>
          <Anchor href={paths.privacy(lang)} target="_blank" rel="noopener noreferrer" size="sm" c="gray.7">
            {t('shell.footer.privacy')}
            <Text span className="sr-only">{` ${t('shell.footer.newTab')}`}</Text>
          </Anchor>
        </Group>
      </Group>
    </Container>
  );
}
