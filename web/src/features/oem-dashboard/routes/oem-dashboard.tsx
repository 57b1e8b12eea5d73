import '@mantine/charts/styles.css';
import { AreaChart, DonutChart } from '@mantine/charts';
import { Anchor, Box, Group, List, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { DashboardJob } from '@onsite/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Page } from '../../../components/Page';
import { DateRangePicker, type DateRange } from '../../../components/widgets';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { useCatalogue } from '../../../lib/catalogue';
import { isLanguage } from '../../../lib/i18n/languages';
import { localized } from '../../../lib/i18n/localized';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/session/session';
import { useFormat } from '../../../lib/i18n/use-format';
import { useDashboard, type DashboardParams } from '../api/dashboard';
import { useMapTiles } from '../../../lib/map-tiles';
import { JobsMap } from '../components/JobsMap';
import { DASHBOARD_PRESETS, daysOf, type DashboardPreset } from '../components/period';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6', 'indigo.6', 'yellow.7'];

function JobsCard({ title, count, jobs, testId }: { title: string; count: number; jobs: readonly DashboardJob[]; testId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { lang } = useParams();
  // Jobs of the own company open their order; those of accounts shared through dashboard tags are shown only.
  const ownCompany = useProfile()?.company?._id;
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <Text fw={700} fz="xl" data-testid={`${testId}-value`}>
        {count}
      </Text>
      {jobs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('oemDashboard.noJobs')}
        </Text>
      ) : (
        <List size="sm" spacing={2} mt="xs">
          {jobs.slice(0, 5).map((job) => (
            <List.Item key={job.refId}>
              {format.localDate(job.date)} ·{' '}
              {job.companyId === ownCompany ? (
                <Anchor component={Link} to={paths.order(isLanguage(lang) ? lang : 'en', job.refId)} size="sm" underline="always">
                  {job.refId}
                </Anchor>
              ) : (
                job.refId
              )}
              {job.city ? ` · ${job.city}` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

export function Component() {
  const { t, i18n } = useTranslation();
  const [preset, setPreset] = useState<DashboardPreset>('default');
  const [picked, setPicked] = useState<DateRange>({ from: null, to: null });
  const [country, setCountry] = useState<string | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const params: DashboardParams = { ...daysOf(preset, undefined, picked), ...(country ? { country } : {}), ...(account ? { account } : {}) };
  const report = useDashboard(params);
  const format = useFormat();
  const catalogue = useCatalogue();
  const tiles = useMapTiles();
  const data = report.data;

  const [accounts, setAccounts] = useState<{ value: string; label: string }[]>([]);
  const [countries, setCountries] = useState<string[]>([]);
  // Keep the choices of the widest answer seen, so narrowing a filter does not remove the other options.
  if (data && data.accounts.length > accounts.length) setAccounts(data.accounts.map((a) => ({ value: a.companyId, label: a.name })));
  if (data && !country && !account && data.countries.join() !== countries.join()) setCountries(data.countries);
  const countryOptions = useMemo(
    () => [{ value: '', label: t('oemDashboard.allCountries') }, ...countries.map((c) => ({ value: c, label: t(`countries.${c}`, { defaultValue: c }) }))],
    [countries, t],
  );
  const statusData = data
    ? Object.entries(data.byStatus)
        .sort((a, b) => b[1] - a[1])
        .map(([status, value], i) => ({ name: t(`status.${status}`, { defaultValue: status }), value, color: COLORS[i % COLORS.length]! }))
    : [];
  // Service names in the reader's language from the catalogue (the report names them as they were ordered).
  const serviceName = (serviceId: string, fallback: string) => {
    const service = catalogue.data?.services.find((x) => x.id === serviceId);
    return service ? localized(service.name, i18n.language) : fallback;
  };
  const typeData = data
    ? data.byServiceType.slice(0, 8).map((s, i) => ({ name: serviceName(s.serviceId, s.name), value: s.count, color: COLORS[i % COLORS.length]! }))
    : [];
  // Every month of the period (the api sends them all), named in the reader's language.
  const timeline = data ? data.timeline.map((m) => ({ ...m, month: format.month(m.month) })) : [];

  return (
    <Page title={t('oemDashboard.title')}>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('oemDashboard.period')}
          data={DASHBOARD_PRESETS.map((p) => ({ value: p, label: t(`oemDashboard.presets.${p}`) }))}
          value={preset}
          onChange={(value) => value && setPreset(value as DashboardPreset)}
          allowDeselect={false}
          w={{ base: '100%', xs: 320 }}
          comboboxProps={{ width: 'target' }}
          data-testid="dashboard-preset"
        />
        {preset === 'custom' ? (
          <Box w={{ base: '100%', xs: 280 }}>
            <DateRangePicker label={t('oemDashboard.days')} value={picked} onChange={setPicked} allowPast required />
          </Box>
        ) : null}
        <Select
          label={t('oemDashboard.country')}
          data={countryOptions}
          value={country ?? ''}
          onChange={(value) => setCountry(value || null)}
          allowDeselect={false}
          w={200}
        />
        <Select
          label={t('oemDashboard.account')}
          data={[{ value: '', label: t('oemDashboard.allAccounts') }, ...accounts]}
          value={account ?? ''}
          onChange={(value) => setAccount(value || null)}
          allowDeselect={false}
          searchable
          w={240}
        />
      </Group>
      {report.isError ? (
        <ErrorState
          title={t('oemDashboard.error.title')}
          description={t('oemDashboard.error.description')}
          action={{ label: t('oemDashboard.error.retry'), onClick: () => void report.refetch() }}
        />
      ) : !data ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={200} radius="md" />
          ))}
        </SimpleGrid>
      ) : data.total === 0 ? (
        <EmptyListState title={t('oemDashboard.empty.title')} description={t('oemDashboard.empty.description')} />
      ) : (
        <Stack
          gap="lg"
          aria-busy={report.isPlaceholderData || undefined}
          data-testid="oem-dashboard-report"
          style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <JobsCard testId="planned-jobs" title={t('oemDashboard.planned')} count={data.planned} jobs={data.upcoming} />
            <JobsCard testId="executed-jobs" title={t('oemDashboard.executed')} count={data.executed} jobs={data.recent} />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              {t('oemDashboard.timeline')}
            </Title>
            <AreaChart
              h={240}
              data={timeline}
              dataKey="month"
              withLegend
              series={[
                { name: 'planned', label: t('oemDashboard.series.planned'), color: 'orange.6' },
                { name: 'executed', label: t('oemDashboard.series.executed'), color: 'teal.6' },
              ]}
            />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              {t('oemDashboard.map')}
            </Title>
            {data.markers.length === 0 ? <Text c="dimmed">{t('oemDashboard.mapEmpty')}</Text> : null}
            <JobsMap jobs={data.markers} tileUrl={tiles.tileUrl} attribution={tiles.attribution} label={t('oemDashboard.map')} />
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">
                {t('oemDashboard.status')}
              </Title>
              <DonutChart data={statusData} withLabelsLine={false} mx="auto" size={180} thickness={28} withTooltip />
              <Legend items={statusData} locale={i18n.language} />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">
                {t('oemDashboard.types')}
              </Title>
              <DonutChart data={typeData} mx="auto" size={180} thickness={28} withTooltip />
              <Legend items={typeData} locale={i18n.language} />
            </Paper>
          </SimpleGrid>
        </Stack>
      )}
    </Page>
  );
}

function Legend({ items, locale }: { items: { name: string; value: number; color: string }[]; locale: string }) {
  return (
    <List size="sm" spacing={2} mt="sm" listStyleType="none">
      {items.map((item) => (
        <List.Item key={item.name}>
          <Group gap="xs" wrap="nowrap">
            <span
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: 5, flex: 'none', background: `var(--mantine-color-${item.color.replace('.', '-')})` }}
            />
            <Text size="sm" style={{ minWidth: 0 }}>
              {item.name}: {item.value.toLocaleString(locale)}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
