import { useServerInfo } from './api/server-info';

/**
 * A tile server this server names (its MAP_TILE_URL setting), drawn over the shipped basemap; null without one (the
 * default) and while the server has not said: no map ever waits for an outside service.
 */
export function useMapTiles(): { tileUrl: string | null; attribution: string | null } {
  return useServerInfo().data?.maps ?? { tileUrl: null, attribution: null };
}
