import { useServerInfo } from './server-info';

/** The public OpenStreetMap tiles, while the server has not said which it uses. */
const DEFAULT_MAP_TILES = { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' };

/** The map tiles this server names (its MAP_TILE_URL setting), for every map of the console. */
export function useMapTiles(): { tileUrl: string; attribution: string } {
  return useServerInfo().data?.maps ?? DEFAULT_MAP_TILES;
}
