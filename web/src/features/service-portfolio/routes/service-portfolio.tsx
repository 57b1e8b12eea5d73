import { Badge, Box, Button, Chip, CloseButton, Flex, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { canCreateDirectOrder, effectivePrincipal } from '@onsite/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { IconPlus } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { SearchInput } from '../../../components/widgets';
import { actorOf } from '../../../lib/session/actor';
import { useCatalogue, type CatalogueService } from '../../../lib/catalogue';
import { currencyForCountry, SERVED_COUNTRIES } from '../../../lib/i18n/countries';
import { useLanguage } from '../../../lib/i18n/use-language';
import { localized } from '../../../lib/i18n/localized';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/session/session';
import { useFormat } from '../../../lib/i18n/use-format';
import { MissingServiceDialog } from '../components/MissingServiceDialog';

const MIN_SEARCH = 3;
const SELECTION_KEY = 'onsite.portfolio.selection';

function readSelection(): string[] {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(SELECTION_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** service-portfolio: browse the services by segment, search, see prices in the country's currency, and order them. */
export function Component() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const lang = useLanguage();
  const [params, setParams] = useSearchParams();
  const profile = useProfile();
  const actor = actorOf(profile);
  const catalogue = useCatalogue();
  const [selection, setSelection] = useState<string[]>(readSelection);
  const [describing, setDescribing] = useState(false);
  useEffect(() => window.sessionStorage.setItem(SELECTION_KEY, JSON.stringify(selection)), [selection]);

  const segment = params.get('segment');
  const subSegment = params.get('sub');
  const search = params.get('q') ?? '';
  const ownCountry = profile && SERVED_COUNTRIES.includes(profile.country) ? profile.country : 'de';
  const country = params.get('country') && SERVED_COUNTRIES.includes(params.get('country')!) ? params.get('country')! : ownCountry;
  const currency = currencyForCountry(country);
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const name = (s: CatalogueService) => localized(s.name, i18n.language);
  const needle = search.trim().toLowerCase();
  const searching = needle.length >= MIN_SEARCH;
  const services = useMemo(
    () =>
      (catalogue.data?.services ?? []).filter(
        (s) =>
          (!segment || s.segmentIds.includes(segment)) &&
          (!subSegment || (s.subSegmentIds ?? []).includes(subSegment)) &&
          (!searching || `${name(s)} ${localized(s.description, i18n.language)}`.toLowerCase().includes(needle)),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [catalogue.data, segment, subSegment, needle, searching, i18n.language],
  );
  const segments = catalogue.data?.segments ?? [];
  const chosenSegment = segments.find((s) => s.id === segment);
  const selected = (catalogue.data?.services ?? []).filter((s) => selection.includes(s.id));
  const oem = actor !== null && effectivePrincipal(actor).type === 'OEM';
  const mayOrderDirectly = oem && actor !== null && canCreateDirectOrder(actor);
  const start = { services: selection, country };
  const getQuote = () => navigate(oem ? paths.serviceQuote(lang, start) : paths.orderForm(lang, start));
  const orderDirectly = () => navigate(paths.serviceOrder(lang, start));
  const toggle = (id: string) => setSelection((current) => (current.includes(id) ? current.filter((s) => s !== id) : [...current, id]));
  const price = (s: CatalogueService) => {
    const amount = currency ? s.prices?.[currency] : null;
    return typeof amount === 'number' && currency ? t('orders.form.priceFrom', { price: format.money(amount, currency) }) : t('orders.form.priceOnRequest');
  };

  const panel = (
    <Paper withBorder p="md" radius="md" data-testid="my-selection" style={{ position: 'sticky', top: 76 }}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('portfolio.selection.title')}
          </Title>
          <Badge variant="filled" color="accent.8" data-testid="selection-count">
            {selection.length}
          </Badge>
        </Group>
        {selected.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('portfolio.selection.empty')}
          </Text>
        ) : (
          <Stack gap={6}>
            {selected.map((s) => (
              <Group key={s.id} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm">{name(s)}</Text>
                <CloseButton size="sm" onClick={() => toggle(s.id)} aria-label={t('portfolio.selection.remove', { name: name(s) })} />
              </Group>
            ))}
          </Stack>
        )}
        <Button onClick={getQuote} disabled={selection.length === 0} data-testid="get-quote">
          {t('portfolio.selection.getQuote')}
        </Button>
        {mayOrderDirectly ? (
          <Button variant="light" onClick={orderDirectly} disabled={selection.length === 0} data-testid="order-directly">
            {t('portfolio.selection.orderDirectly')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );

  return (
    <Page
      title={t('page.titles.servicePortfolio')}
      meta={
        <Text c="dimmed" size="sm">
          {t('portfolio.intro')}
        </Text>
      }
      actions={
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setDescribing(true)} data-testid="describe-missing">
          {t('portfolio.missing.action')}
        </Button>
      }
    >
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Box style={{ flex: '1 1 260px' }}>
            <SearchInput label={t('portfolio.search')} value={search} onChange={(q) => set({ q: q || null })} debounced />
          </Box>
          <Select
            label={t('portfolio.country')}
            description={currency ? t('portfolio.currency', { currency }) : undefined}
            allowDeselect={false}
            data={SERVED_COUNTRIES.map((code) => ({ value: code, label: t(`countries.${code}`) })).sort((a, b) => a.label.localeCompare(b.label))}
            value={country}
            onChange={(value) => value && set({ country: value === ownCountry ? null : value })}
            w={{ base: '100%', xs: 240 }}
          />
        </Group>
        {needle.length > 0 && !searching ? (
          <Text size="sm" c="dimmed" data-testid="search-hint">
            {t('portfolio.searchHint', { count: MIN_SEARCH })}
          </Text>
        ) : null}
        <Chip.Group multiple={false} value={segment ?? ''} onChange={(value) => set({ segment: value || null, sub: null })}>
          <Group gap="xs" role="group" aria-label={t('portfolio.segments')}>
            <Chip value="" variant="outline">
              {t('portfolio.allSegments')}
            </Chip>
            {segments.map((s) => (
              <Chip key={s.id} value={s.id} variant="outline" data-testid="segment-filter">
                {localized(s.name, i18n.language)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {chosenSegment && chosenSegment.subSegments.length > 0 ? (
          <Chip.Group multiple={false} value={subSegment ?? ''} onChange={(value) => set({ sub: value || null })}>
            <Group gap="xs" role="group" aria-label={t('portfolio.subSegments')}>
              <Chip value="" size="xs" variant="outline">
                {t('portfolio.allSubSegments')}
              </Chip>
              {chosenSegment.subSegments.map((s) => (
                <Chip key={s.id} value={s.id} size="xs" variant="outline">
                  {localized(s.name, i18n.language)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        ) : null}

        <Flex direction={{ base: 'column', md: 'row' }} gap="lg" align={{ base: 'stretch', md: 'flex-start' }}>
          <Box style={{ flex: '2 1 0', minWidth: 0 }}>
            {catalogue.isPending ? (
              <Stack gap="sm">
                <Skeleton height={110} />
                <Skeleton height={110} />
              </Stack>
            ) : catalogue.isError ? (
              <ErrorState
                title={t('orders.form.catalogueError.title')}
                description={t('orders.form.catalogueError.text')}
                action={{ label: t('actions.retry'), onClick: () => void catalogue.refetch() }}
              />
            ) : services.length === 0 ? (
              <EmptyListState
                title={t('portfolio.empty.title')}
                description={t('portfolio.empty.text')}
                action={{ label: t('portfolio.missing.action'), onClick: () => setDescribing(true) }}
              />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {services.map((s) => {
                  const chosen = selection.includes(s.id);
                  return (
                    <Paper key={s.id} withBorder p="md" radius="md" data-testid="service-card" data-service={s.id} bg={chosen ? 'accent.0' : undefined}>
                      <Stack gap="xs" h="100%" justify="space-between">
                        <Stack gap={4}>
                          <Text fw={700}>{name(s)}</Text>
                          <Text size="sm" c="dimmed" lineClamp={3}>
                            {localized(s.description, i18n.language)}
                          </Text>
                        </Stack>
                        <Group justify="space-between" align="center" mt="xs">
                          <Text fw={600} size="sm" className="onsite-num" data-testid="price-from">
                            {price(s)}
                          </Text>
                          <Button
                            size="xs"
                            variant={chosen ? 'filled' : 'light'}
                            onClick={() => toggle(s.id)}
                            aria-pressed={chosen}
                            data-testid="toggle-service"
                          >
                            {chosen ? t('portfolio.selected') : t('portfolio.select')}
                          </Button>
                        </Group>
                      </Stack>
                    </Paper>
                  );
                })}
              </SimpleGrid>
            )}
          </Box>
          <Box style={{ flex: '1 1 0', minWidth: 0 }}>{panel}</Box>
        </Flex>
      </Stack>
      {describing ? (
        <MissingServiceDialog catalogue={catalogue.data} country={country} initialText={searching ? search : ''} onClose={() => setDescribing(false)} />
      ) : null}
    </Page>
  );
}
