import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { COUNTRIES } from '@onsite/domain';
import { type LossReason } from '@onsite/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { IconDownload } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useFormat } from '../../../lib/i18n/use-format';
import { notify } from '../../../lib/notify';
import { useExportKpi, useKpiReport, type KpiParams } from '../api/kpi';
import { DrillDialog } from '../components/DrillDialog';
import { LossReasons } from '../components/LossReasons';
import { KPI_PRESETS, monthsOf, type KpiPreset } from '../components/period';

function StatCard({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={`${testId}-value`}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

export function Component() {
  const { t, i18n } = useTranslation();
  const lang = useLanguage();
  const [preset, setPreset] = useState<KpiPreset>('last12');
  const [country, setCountry] = useState<string | null>(null);
  const [view, setView] = useState<'internal' | 'external'>('internal');
  const [reason, setReason] = useState<LossReason | null>(null);
  const params: KpiParams = { ...monthsOf(preset), view, ...(country ? { country } : {}) };
  const report = useKpiReport(params);
  const format = useFormat();
  const exportKpi = useExportKpi();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const duration = (hours: number | null) =>
    hours === null
      ? t('kpi.none')
      : hours < 48
        ? t('kpi.hours', { value: number(Math.round(hours)) })
        : t('kpi.days', { value: number(Math.round(hours / 24)) });
  const countries = useMemo(
    () => [
      { value: '', label: t('kpi.allCountries') },
      ...COUNTRIES.filter((c) => c.served)
        .map((c) => ({ value: c.code, label: t(`countries.${c.code}`) }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    ],
    [t, i18n.language],
  );

  const data = report.data;
  const f = data?.total;
  return (
    <Page
      title={t('kpi.title')}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exportKpi.isPending}
          onClick={() => exportKpi.mutate(params, { onSuccess: () => notify('success', t('kpi.exported')) })}
        >
          {t('kpi.export')}
        </Button>
      }
    >
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('kpi.period')}
          data={KPI_PRESETS.map((p) => ({ value: p, label: t(`kpi.presets.${p}`) }))}
          value={preset}
          onChange={(value) => value && setPreset(value as KpiPreset)}
          allowDeselect={false}
          w={200}
        />
        <Select
          label={t('kpi.country')}
          data={countries}
          value={country ?? ''}
          onChange={(value) => setCountry(value || null)}
          searchable
          allowDeselect={false}
          w={220}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="kpi-view-label">
            {t('kpi.view')}
          </Text>
          <SegmentedControl
            aria-labelledby="kpi-view-label"
            value={view}
            onChange={(value) => setView(value as typeof view)}
            data={[
              { value: 'internal', label: t('kpi.views.internal') },
              { value: 'external', label: t('kpi.views.external') },
            ]}
          />
        </Stack>
      </Group>

      {report.isError ? (
        <ErrorState
          title={t('kpi.error.title')}
          description={t('kpi.error.description')}
          action={{ label: t('kpi.error.retry'), onClick: () => void report.refetch() }}
        />
      ) : !f || !data ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={96} radius="md" />
          ))}
        </SimpleGrid>
      ) : f.requests === 0 ? (
        <EmptyListState title={t('kpi.empty.title')} description={t('kpi.empty.description')} />
      ) : (
        <Stack gap="lg" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            <StatCard
              testId="kpi-requests"
              label={t('kpi.cards.requests')}
              value={number(f.requests)}
              hint={`${t('kpi.cards.offered')}: ${number(f.offered)}`}
            />
            <StatCard
              testId="kpi-acceptance"
              label={t('kpi.cards.acceptanceRate')}
              value={f.acceptanceRate === null ? t('kpi.none') : `${number(Math.round(f.acceptanceRate * 1000) / 10)} %`}
              hint={t('kpi.cards.won', { accepted: number(f.accepted), lost: number(f.lost) })}
            />
            <StatCard
              testId="kpi-request-offer"
              label={t('kpi.cards.requestToOffer')}
              value={duration(f.requestToOffer.medianHours)}
              hint={t('kpi.cards.lead', { median: duration(f.requestToOffer.medianHours), p90: duration(f.requestToOffer.p90Hours) })}
            />
            <StatCard
              testId="kpi-offer-accept"
              label={t('kpi.cards.offerToAccept')}
              value={duration(f.offerToAccept.medianHours)}
              hint={t('kpi.cards.lead', { median: duration(f.offerToAccept.medianHours), p90: duration(f.offerToAccept.p90Hours) })}
            />
            <StatCard
              testId="kpi-on-time"
              label={t('kpi.cards.jobsOnTime')}
              value={f.jobsCompleted === 0 ? t('kpi.none') : `${number(Math.round((f.jobsOnTime / f.jobsCompleted) * 100))} %`}
              hint={t('kpi.cards.jobsOf', { onTime: number(f.jobsOnTime), completed: number(f.jobsCompleted) })}
            />
            <StatCard
              testId="kpi-feedback"
              label={t('kpi.cards.feedback')}
              value={f.feedbackAverage === null ? t('kpi.none') : `${number(f.feedbackAverage)} / 5`}
              hint={t('kpi.cards.ratings', { count: f.feedbackCount })}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">
                {t('kpi.byMonth')}
              </Title>
              <BarChart
                h={260}
                data={data.byMonth.map((m) => ({ ...m, month: format.month(m.month) }))}
                dataKey="month"
                withLegend
                series={[
                  { name: 'requests', label: t('kpi.series.requests'), color: 'blue.6' },
                  { name: 'accepted', label: t('kpi.series.accepted'), color: 'teal.6' },
                  { name: 'lost', label: t('kpi.series.lost'), color: 'red.6' },
                ]}
              />
            </Paper>
            <LossReasons figures={f} onSelect={setReason} />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              {t('kpi.byCountry')}
            </Title>
            <BarChart
              h={Math.max(160, data.byCountry.length * 36)}
              data={data.byCountry.map((c) => ({ ...c, country: t(`countries.${c.country}`, { defaultValue: c.country }) }))}
              dataKey="country"
              orientation="vertical"
              yAxisProps={{ width: 110 }}
              type="stacked"
              withLegend
              series={[
                { name: 'accepted', label: t('kpi.series.accepted'), color: 'teal.6' },
                { name: 'lost', label: t('kpi.series.lost'), color: 'red.6' },
              ]}
            />
          </Paper>
        </Stack>
      )}
      <DrillDialog params={params} reason={reason} lang={lang} onClose={() => setReason(null)} />
    </Page>
  );
}
