import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { Box } from '@mantine/core';
import type { DashboardJob } from '@onsite/domain';
import L from 'leaflet';
import 'leaflet.markercluster';
import { useEffect, useRef } from 'react';

export const OSM_TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** Circle markers need no image files, so they show even when no tile server is reachable. */
export function JobsMap({ jobs, tileUrl, label }: { jobs: readonly DashboardJob[]; tileUrl: string; label: string }) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const cluster = useRef<L.MarkerClusterGroup | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { center: [48, 10], zoom: 4, scrollWheelZoom: false });
    L.tileLayer(tileUrl, { attribution: ATTRIBUTION, maxZoom: 18 }).addTo(instance);
    const group = L.markerClusterGroup({ showCoverageOnHover: false });
    instance.addLayer(group);
    map.current = instance;
    cluster.current = group;
    return () => {
      instance.remove();
      map.current = null;
      cluster.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const group = cluster.current;
    if (!group || !map.current) return;
    group.clearLayers();
    const markers = jobs.map((job) =>
      L.circleMarker([job.lat!, job.lng!], { radius: 7, color: job.state === 'executed' ? '#0b7285' : '#e8590c', weight: 2, fillOpacity: 0.7 }).bindPopup(
        `${job.refId} · ${job.city ?? ''} · ${job.date}`,
      ),
    );
    group.addLayers(markers);
    if (markers.length > 0) map.current.fitBounds(group.getBounds(), { padding: [24, 24], maxZoom: 8 });
  }, [jobs, tileUrl]);

  return <Box ref={element} h={360} role="region" aria-label={label} data-testid="jobs-map" style={{ borderRadius: 8, zIndex: 0 }} />;
}
