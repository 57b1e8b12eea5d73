import { Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconFileText, IconMapPin, IconSearch } from '../../../components/icons';
import { Markdown } from '../../../components/widgets';
import type { Language } from '../../../lib/i18n/languages';
import { paths } from '../../../lib/paths';
import { useBanner } from '../api/home';

const STEPS = [
  { key: 'choose', icon: IconSearch },
  { key: 'offer', icon: IconFileText },
  { key: 'onSite', icon: IconMapPin },
] as const;

/** What a visitor sees first: the banner (content from the api), the way in, and how the portal works. */
export function Hero({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const banner = useBanner(lang);
  // The built-in words stand in until the banner arrives, or when none is published.
  const title = banner.data?.title ?? t('home.hero.title');
  const text = banner.data?.text ?? t('home.hero.text');
  return (
    <Container size={1100} px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 48 }}>
      <Stack gap={48}>
        <Paper radius="lg" p={{ base: 'lg', sm: 48 }} bg="accent.0" data-testid="hero">
          <Stack gap="md" maw={720}>
            <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.15}>
              {title}
            </Title>
            <Markdown size="lg" color="gray.8">
              {text}
            </Markdown>
            <Group gap="sm" mt="sm">
              <Button size="md" component={Link} to={paths.registration(lang)} data-testid="hero-register">
                {t('home.hero.register')}
              </Button>
              <Button size="md" variant="default" component="a" href="#how-it-works" data-testid="hero-learn-more">
                {t('home.hero.learnMore')}
              </Button>
              <Button size="md" variant="subtle" component={Link} to={paths.login(lang)} data-testid="hero-login">
                {t('home.hero.login')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Box component="section" id="how-it-works" aria-labelledby="how-it-works-title" style={{ scrollMarginTop: 80 }}>
          <Title order={2} id="how-it-works-title" mb="lg">
            {t('home.how.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {STEPS.map(({ key, icon: Icon }, index) => (
              <Paper key={key} withBorder radius="md" p="lg">
                <Group gap="sm" mb="xs" wrap="nowrap">
                  <ThemeIcon variant="light" size={36} radius="xl" aria-hidden>
                    <Icon size={18} />
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {t('home.how.step', { number: index + 1 })} · {t(`home.how.${key}.title`)}
                  </Title>
                </Group>
                <Text size="sm" c="gray.8">
                  {t(`home.how.${key}.text`)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Box>
      </Stack>
    </Container>
  );
}
