import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { addBasemap } from './map/basemap';

export interface LocationMapProps {
  /** The pin, when the location has coordinates. */
  readonly position: { lat: number; lng: number } | null;
  /** Where the map looks without a pin (the country's rough centre). */
  readonly fallbackCenter: { lat: number; lng: number };
  /** A configured tile server drawn over the shipped basemap, and its attribution (null: the basemap alone). */
  readonly tileUrl: string | null;
  readonly attribution: string | null;
  /** What the map is, for assistive technology. */
  readonly label: string;
  /** The pin's tooltip. */
  readonly pinTitle: string;
  /** Text shown beside the pin all the time (the site's name and address), when given. */
  readonly pinLabel?: string;
  /** The zoom the map shows a pin at (D148: 16 over a tile server's streets, 12 over the basemap's place names). */
  readonly pinZoom?: number;
  /** A click on the map or a dragged pin: the new coordinates. Without it the map only shows the pin. */
  readonly onMove?: (position: { lat: number; lng: number }) => void;
}

/** The pin as a CSS shape: no image to load. */
const pinIcon = L.divIcon({ className: 'onsite-map-pin', html: '<span></span>', iconSize: [28, 28], iconAnchor: [14, 28] });

/**
 * The service location on a Leaflet map over the shipped basemap (and a configured tile server's tiles). Where `onMove`
 * is given, clicking places the pin and the pin can be dragged; both report the coordinates. A pin set from outside
 * (a chosen place) is shown at `pinZoom`.
 */
export default function LocationMap({ position, fallbackCenter, tileUrl, attribution, label, pinTitle, pinLabel, pinZoom = 12, onMove }: LocationMapProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const moved = useRef(onMove);
  moved.current = onMove;
  // The last position this map reported itself: the form sending it back does not move the view.
  const reported = useRef<{ lat: number; lng: number } | null>(null);
  const editable = onMove !== undefined;

  useEffect(() => {
    if (!element.current) return undefined;
    // No zoom animation: a page left while one runs would throw from Leaflet's timers (the removed map's panes).
    const created = L.map(element.current, {
      scrollWheelZoom: false,
      keyboard: true,
      zoomControl: false,
      zoomAnimation: false,
      minZoom: 2,
      maxZoom: 18,
    }).setView(position ?? fallbackCenter, position ? pinZoom : 5);
    // Leaflet's own zoom buttons speak English: these speak the console's language.
    L.control.zoom({ zoomInTitle: t('widgets.map.zoomIn'), zoomOutTitle: t('widgets.map.zoomOut') }).addTo(created);
    const stopBasemap = addBasemap(created, { tileUrl, attribution });
    const report = (at: L.LatLng) => {
      const next = { lat: round(at.lat), lng: round(at.lng) };
      reported.current = next;
      moved.current?.(next);
    };
    if (editable) created.on('click', (event: L.LeafletMouseEvent) => report(event.latlng));
    map.current = created;
    return () => {
      stopBasemap();
      created.off();
      created.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is made once; the pin follows `position` below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, attribution, editable, t]);

  const lat = position?.lat ?? null;
  const lng = position?.lng ?? null;
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const position = lat !== null && lng !== null ? { lat, lng } : null;
    if (!position) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const own = reported.current !== null && reported.current.lat === position.lat && reported.current.lng === position.lng;
    if (!marker.current) {
      marker.current = L.marker(position, { draggable: editable, icon: pinIcon, keyboard: editable, title: pinTitle }).addTo(current);
      marker.current.on('dragend', () => {
        const at = marker.current?.getLatLng();
        if (at) {
          const next = { lat: round(at.lat), lng: round(at.lng) };
          reported.current = next;
          moved.current?.(next);
        }
      });
    } else {
      marker.current.setLatLng(position);
    }
    if (pinLabel) marker.current.bindTooltip(textElement(pinLabel), { permanent: true, direction: 'top', offset: [0, -30], className: 'onsite-map-pin-label' });
    if (!own) current.setView(position, Math.max(current.getZoom(), pinZoom), { animate: false });
    else if (!current.getBounds().contains(position)) current.panTo(position, { animate: false });
  }, [lat, lng, pinTitle, pinLabel, pinZoom, editable]);

  return <div ref={element} className="onsite-map" role={editable ? 'application' : 'region'} aria-label={label} data-testid="location-map" />;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Text for a Leaflet tooltip as a node, so a name is never read as HTML. */
function textElement(text: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}
