import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { Anchor, Box, Button, Stack, Table, Text } from '@mantine/core';
import type { DashboardJob } from '@onsite/contracts';
import L from 'leaflet';
import 'leaflet.markercluster';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { addBasemap } from '../../../components/map/basemap';
import { isLanguage } from '../../../lib/i18n/languages';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/session/session';
import { useFormat } from '../../../lib/i18n/use-format';

export interface JobsMapProps {
  readonly jobs: readonly DashboardJob[];
  /** A configured tile server over the shipped basemap (null: the basemap alone). */
  readonly tileUrl: string | null;
  readonly attribution: string | null;
  readonly label: string;
}

const COLOURS: Record<DashboardJob['state'], string> = { open: '#1971c2', planned: '#d9480f', executed: '#0b7285', cancelled: '#868e96' };

/**
 * The jobs of the dashboard on the shipped basemap, clustered (Leaflet.markercluster), each with a popup that opens its
 * order; and the same jobs as a table, the map's keyboard and screen-reader alternative. Circle markers need no image.
 */
export function JobsMap({ jobs, tileUrl, attribution, label }: JobsMapProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const { lang } = useParams();
  // Jobs of the own company open their order; those of accounts shared through dashboard tags are shown only.
  const ownCompany = useProfile()?.company?._id;
  const orderPath = (job: DashboardJob) => (job.companyId === ownCompany ? paths.order(isLanguage(lang) ? lang : 'en', job.refId) : null);
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const cluster = useRef<L.MarkerClusterGroup | null>(null);
  const [listed, setListed] = useState(false);
  const popup = useRef<(job: DashboardJob) => HTMLElement>(() => document.createElement('div'));
  const openJob = useRef<string | null>(null);

  // The popup's content as nodes (never HTML from data); its link navigates within the console.
  popup.current = (job) => {
    const box = document.createElement('div');
    const path = orderPath(job);
    const title = document.createElement(path ? 'a' : 'strong');
    title.textContent = path ? t('widgets.map.jobs.openOrder', { refId: job.refId }) : job.refId;
    if (path && title instanceof HTMLAnchorElement) {
      title.href = path;
      title.addEventListener('click', (event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        void navigate(path);
      });
    }
    const details = document.createElement('div');
    details.textContent = [job.city, format.localDate(job.date), t(`widgets.map.jobs.state.${job.state}`)].filter(Boolean).join(' · ');
    box.append(title, details);
    return box;
  };

  useEffect(() => {
    if (!element.current) return undefined;
    // No zoom animation: leaving the page while one runs made Leaflet's timers throw ('_leaflet_pos'). No fading: a
    // closed popup left at once, instead of lingering 200 ms beside the next one (and in the accessibility tree).
    const instance = L.map(element.current, {
      center: [48, 10],
      zoom: 4,
      scrollWheelZoom: false,
      zoomControl: false,
      zoomAnimation: false,
      fadeAnimation: false,
      minZoom: 2,
      maxZoom: 18,
    });
    // Leaflet's own zoom buttons speak English: these speak the console's language.
    L.control.zoom({ zoomInTitle: t('widgets.map.zoomIn'), zoomOutTitle: t('widgets.map.zoomOut') }).addTo(instance);
    const stopBasemap = addBasemap(instance, { tileUrl, attribution });
    const group = L.markerClusterGroup({ showCoverageOnHover: false, animate: false });
    instance.addLayer(group);
    map.current = instance;
    cluster.current = group;
    return () => {
      stopBasemap();
      group.clearLayers();
      instance.off();
      instance.remove();
      map.current = null;
      cluster.current = null;
    };
    // The map is made once per tile setting and language.
  }, [tileUrl, attribution, t]);

  // The markers are drawn again only when what they show changes: a refetch with the same jobs (live updates of other
  // orders) leaves the view and an open popup as they are, and a change keeps the popup of a job still on the map.
  const shown = useMemo(() => jobs.map((job) => [job.refId, job.lat, job.lng, job.state, job.date, job.city].join('\u0001')).join('\u0002'), [jobs]);
  const latest = useRef(jobs);
  latest.current = jobs;
  useEffect(() => {
    const group = cluster.current;
    const instance = map.current;
    if (!group || !instance) return;
    const reopen = openJob.current;
    const first = group.getLayers().length === 0;
    group.clearLayers();
    let again: L.CircleMarker | null = null;
    const markers = latest.current.flatMap((job) => {
      if (job.lat === null || job.lng === null) return [];
      const marker = L.circleMarker([job.lat, job.lng], { radius: 8, color: COLOURS[job.state], weight: 2, fillOpacity: 0.75 }).bindPopup(() =>
        popup.current(job),
      );
      marker.on('popupopen', (event) => {
        openJob.current = job.refId;
        // Leaflet's close button speaks English: this one speaks the console's language.
        event.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', t('actions.close'));
      });
      marker.on('popupclose', () => {
        if (openJob.current === job.refId) openJob.current = null;
      });
      if (job.refId === reopen) again = marker;
      return [marker];
    });
    group.addLayers(markers);
    if (again) {
      const marker: L.CircleMarker = again;
      // Drawn on its own at this zoom, its popup opens where it is; inside a cluster, the cluster opens first. (The
      // cluster's own way waits for a marker icon, which a circle marker never has: the popup stayed shut and the map
      // moved.)
      if (instance.hasLayer(marker)) marker.openPopup();
      else group.zoomToShowLayer(marker, () => marker.openPopup());
    } else if (markers.length > 0 && (first || reopen === null)) {
      instance.fitBounds(group.getBounds(), { padding: [24, 24], maxZoom: 9, animate: false });
    }
  }, [shown, tileUrl, attribution, t]);

  return (
    <Stack gap="xs" data-testid="jobs-map-block">
      <Box ref={element} h={360} role="region" aria-label={label} data-testid="jobs-map" style={{ borderRadius: 8, zIndex: 0 }} />
      {jobs.length > 0 ? (
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          onClick={() => setListed((open) => !open)}
          aria-expanded={listed}
          aria-controls="jobs-map-list"
        >
          {listed ? t('widgets.map.jobs.hideList') : t('widgets.map.jobs.showList', { number: format.number(jobs.length) })}
        </Button>
      ) : null}
      {listed ? (
        <Table.ScrollContainer minWidth={420} id="jobs-map-list">
          <Table striped data-testid="jobs-map-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('widgets.map.jobs.columns.reference')}</Table.Th>
                <Table.Th>{t('widgets.map.jobs.columns.city')}</Table.Th>
                <Table.Th>{t('widgets.map.jobs.columns.date')}</Table.Th>
                <Table.Th>{t('widgets.map.jobs.columns.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.map((job) => {
                const path = orderPath(job);
                return (
                  <Table.Tr key={job.refId}>
                    <Table.Td>
                      {path ? (
                        <Anchor component={Link} to={path} size="sm" underline="always">
                          {job.refId}
                        </Anchor>
                      ) : (
                        <Text size="sm">{job.refId}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>{job.city ?? '—'}</Table.Td>
                    <Table.Td>{format.localDate(job.date)}</Table.Td>
                    <Table.Td>{t(`widgets.map.jobs.state.${job.state}`)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
