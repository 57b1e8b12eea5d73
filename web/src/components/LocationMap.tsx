import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface LocationMapProps {
  /** The pin, when the location has coordinates. */
  readonly position: { lat: number; lng: number } | null;
  /** Where the map looks without a pin (the country's rough centre). */
  readonly fallbackCenter: { lat: number; lng: number };
  readonly tileUrl: string;
  readonly attribution: string;
  /** What the map is, for assistive technology. */
  readonly label: string;
  /** The pin's tooltip. */
  readonly pinTitle: string;
  /** A click on the map or a dragged pin: the new coordinates. Without it the map only shows the pin. */
  readonly onMove?: (position: { lat: number; lng: number }) => void;
}

/** The pin as a CSS shape: no image to load, so it shows even where no tile server is reachable. */
const pinIcon = L.divIcon({ className: 'onsite-map-pin', html: '<span></span>', iconSize: [28, 28], iconAnchor: [14, 28] });

/**
 * The service location on a Leaflet map (spec: zoom 16 with a pin, 12 elsewhere). Where `onMove` is given, clicking
 * places the pin and the pin can be dragged; both report the coordinates. Without reachable tiles the pin and the
 * attribution still show.
 */
export default function LocationMap({ position, fallbackCenter, tileUrl, attribution, label, pinTitle, onMove }: LocationMapProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const moved = useRef(onMove);
  moved.current = onMove;
  const editable = onMove !== undefined;

  useEffect(() => {
    if (!element.current) return undefined;
    const created = L.map(element.current, { scrollWheelZoom: false, keyboard: true, zoomControl: false }).setView(position ?? fallbackCenter, position ? 16 : 5);
    // Leaflet's own zoom buttons speak English: these speak the console's language.
    L.control.zoom({ zoomInTitle: t('widgets.map.zoomIn'), zoomOutTitle: t('widgets.map.zoomOut') }).addTo(created);
    L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(created);
    if (editable) created.on('click', (event: L.LeafletMouseEvent) => moved.current?.({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) }));
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is made once; the pin follows `position` below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, attribution, editable, t]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    if (!position) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.marker(position, { draggable: editable, icon: pinIcon, keyboard: editable, title: pinTitle }).addTo(current);
      marker.current.on('dragend', () => {
        const at = marker.current?.getLatLng();
        if (at) moved.current?.({ lat: round(at.lat), lng: round(at.lng) });
      });
      current.setView(position, Math.max(current.getZoom(), 16));
    } else {
      marker.current.setLatLng(position);
      if (!current.getBounds().contains(position)) current.panTo(position);
    }
  }, [position, pinTitle, editable]);

  return <div ref={element} className="onsite-map" role={editable ? 'application' : 'region'} aria-label={label} data-testid="location-map" />;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;
