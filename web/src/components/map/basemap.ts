import L from 'leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import './basemap.css';

/**
 * The basemap every map of the console draws itself (D145): countries, borders and coasts from the server's own
 * Natural Earth data as vector layers (1:50m for the world, each country at 1:10m from zoom 6 on), and the names of the
 * largest places in view from its gazetteer. No outside service: a tile server, when one is configured, is drawn on
 * top, and wherever its tiles fail the basemap shows through. Only the maps' code imports this, so only a page with a
 * map downloads the data.
 */
export interface BasemapOptions {
  /** A configured tile server's URL template and attribution (null: the basemap alone). */
  readonly tileUrl: string | null;
  readonly attribution: string | null;
}

type CountryFeature = GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.MultiPolygon, { name: string }>;

/** From this zoom on a country in view is drawn from its 1:10m outline. */
const DETAIL_ZOOM = 6;
const LAND: L.PathOptions = { color: '#8a939c', weight: 1, fillColor: '#f4f1e8', fillOpacity: 1, interactive: false };
const ATTRIBUTION = '<a href="https://www.naturalearthdata.com/">Natural Earth</a> · <a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)';

let worldRequest: Promise<CountryFeature[]> | null = null;
const detailRequests = new Map<string, Promise<CountryFeature | null>>();

const getJson = async <T>(path: string, signal?: AbortSignal): Promise<T> => {
  const response = await fetch(path, { signal });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
};

/** The world's countries, read once per page (the browser caches the file for a week). */
function worldCountries(): Promise<CountryFeature[]> {
  worldRequest ??= getJson<Topology<{ countries: GeometryCollection<{ name: string }> }>>('/api/maps/world').then(
    (topology) => (feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection<CountryFeature['geometry'], { name: string }>).features,
    (error: unknown) => {
      worldRequest = null;
      throw error;
    },
  );
  return worldRequest;
}

function countryDetail(id: string): Promise<CountryFeature | null> {
  let request = detailRequests.get(id);
  if (!request) {
    request = getJson<CountryFeature>(`/api/maps/countries/${id}`).catch(() => {
      detailRequests.delete(id);
      return null;
    });
    detailRequests.set(id, request);
  }
  return request;
}

/** The bounds of each polygon of a country: Russia's or France's parts lie far apart, one box would cover the world. */
function partBounds(geometry: CountryFeature['geometry']): L.LatLngBounds[] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.map((rings) => L.latLngBounds((rings[0] ?? []).map(([lng, lat]) => [lat!, lng!] as [number, number])));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Country {
  readonly coarse: L.GeoJSON;
  readonly parts: L.LatLngBounds[];
  detail?: L.GeoJSON;
  loading?: boolean;
}

/** Draws the basemap (and the configured tiles) on a map; the function it returns stops it before the map is removed. */
export function addBasemap(map: L.Map, { tileUrl, attribution }: BasemapOptions): () => void {
  map.getContainer().classList.add('onsite-basemap');
  map.createPane('basemap').style.zIndex = '150';
  map.createPane('basemapLabels').style.zIndex = '160';
  // Leaflet hands a GeoJSON layer's options to each shape it makes (its types omit `renderer`).
  const shapeOptions = { renderer: L.svg({ pane: 'basemap', padding: 0.5 }), style: () => LAND, interactive: false } as L.GeoJSONOptions;
  const labels = L.layerGroup().addTo(map);
  const countries = new Map<string, Country>();
  let stopped = false;
  let labelRequest: AbortController | null = null;
  let labelTimer: ReturnType<typeof setTimeout> | undefined;

  if (tileUrl) L.tileLayer(tileUrl, { attribution: attribution ?? undefined, maxZoom: 19 }).addTo(map);
  map.attributionControl?.addAttribution(ATTRIBUTION);

  const shapes = () => {
    const zoom = map.getZoom();
    const view = map.getBounds().pad(0.25);
    for (const [id, country] of countries) {
      const close = zoom >= DETAIL_ZOOM && country.parts.some((part) => part.isValid() && view.intersects(part));
      if (close && country.detail) {
        if (!map.hasLayer(country.detail)) country.detail.addTo(map);
        if (map.hasLayer(country.coarse)) map.removeLayer(country.coarse);
        continue;
      }
      if (close && !country.loading) {
        country.loading = true;
        void countryDetail(id).then((shape) => {
          if (stopped || !shape) return;
          country.detail = L.geoJSON(shape, shapeOptions);
          shapes();
        });
      }
      if (!close && country.detail && map.hasLayer(country.detail)) map.removeLayer(country.detail);
      if (!map.hasLayer(country.coarse) && !(close && country.detail)) country.coarse.addTo(map);
    }
  };

  // The names of the view's largest places, none drawn over another.
  const placeNames = () => {
    clearTimeout(labelTimer);
    labelTimer = setTimeout(() => {
      labelRequest?.abort();
      const request = (labelRequest = new AbortController());
      const bounds = map.getBounds();
      const query = new URLSearchParams({
        south: Math.max(-90, bounds.getSouth()).toFixed(2),
        west: Math.max(-540, bounds.getWest()).toFixed(2),
        north: Math.min(90, bounds.getNorth()).toFixed(2),
        east: Math.min(540, bounds.getEast()).toFixed(2),
        zoom: String(Math.round(map.getZoom())),
      });
      getJson<[string, number, number][]>(`/api/maps/places?${query}`, request.signal)
        .then((rows) => {
          if (stopped || request.signal.aborted) return;
          labels.clearLayers();
          const taken: L.Bounds[] = [];
          for (const [name, lat, lng] of rows) {
            const at = map.latLngToContainerPoint([lat, lng]);
            const box = L.bounds([at.x - 6, at.y - 10], [at.x + 14 + name.length * 7, at.y + 10]);
            if (taken.some((other) => other.intersects(box))) continue;
            taken.push(box);
            const icon = L.divIcon({ className: 'onsite-basemap-place', html: `<span>${escapeHtml(name)}</span>`, iconSize: [0, 0], iconAnchor: [0, 0] });
            L.marker([lat, lng], { icon, pane: 'basemapLabels', interactive: false, keyboard: false }).addTo(labels);
          }
        })
        .catch(() => undefined);
    }, 120);
  };

  const update = () => {
    if (stopped) return;
    shapes();
    placeNames();
  };

  void worldCountries()
    .then((features) => {
      if (stopped) return;
      for (const shape of features) {
        if (shape.id === undefined) continue;
        countries.set(String(shape.id), { coarse: L.geoJSON(shape, shapeOptions), parts: partBounds(shape.geometry) });
      }
      shapes();
    })
    // Without the basemap's data the map still shows its sea, the pins and the attribution.
    .catch(() => undefined);
  map.on('moveend', update);
  placeNames();

  return () => {
    stopped = true;
    clearTimeout(labelTimer);
    labelRequest?.abort();
    map.off('moveend', update);
  };
}
