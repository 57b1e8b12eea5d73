/** The SQL document store's declared indexes (D105): registered by the PGlite and PostgreSQL int tests. */
import type { SqlClient } from '../sql/sql-client.js';
import { SqlDocumentStore } from '../sql/sql-document-store.js';

export function retiredIndexTests(open: () => Promise<{ readonly client: SqlClient; close(): Promise<void> }>): void {
  it('drops an index the collection no longer declares, and keeps its documents, its other indexes and indexes not its own', async () => {
    const { client, close } = await open();
    try {
      const store = new SqlDocumentStore(client);
      await store.init();
      const indexes = async () =>
        (
          await client.query<{ name: string }>(
            "SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'rm_plants' ORDER BY 1",
          )
        ).map((row) => row.name);
      await store.ensureCollection({
        name: 'plants',
        indexes: [
          { name: 'plants_by_city', sort: [{ path: 'city', direction: 'asc' }] },
          { name: 'plants_name_search', contains: 'name' },
          { name: 'plants_code', paths: ['code'], unique: true },
        ],
      });
      const plants = store.collection<{ name: string; city: string; code: string }>('plants');
      await plants.upsert('p1', { name: 'Werk Süd', city: 'Köln', code: 'K1' }, 1);
      // An index someone made by hand is not the store's to drop.
      await client.query("CREATE INDEX plants_by_hand ON rm_plants ((data->>'city'))");
      expect(await indexes()).toEqual([
        'plants_by_hand',
        'rm_plants__plants_by_city',
        'rm_plants__plants_code',
        'rm_plants__plants_name_search',
        'rm_plants_pkey',
      ]);

      await store.ensureCollection({ name: 'plants', indexes: [{ name: 'plants_code', paths: ['code'], unique: true }] });

      expect(await indexes()).toEqual(['plants_by_hand', 'rm_plants__plants_code', 'rm_plants_pkey']);
      expect(await plants.find({ filter: { name: { contains: 'süd' } } })).toEqual([{ name: 'Werk Süd', city: 'Köln', code: 'K1' }]);
      // Declared again, it comes back.
      await store.ensureCollection({
        name: 'plants',
        indexes: [
          { name: 'plants_by_city', sort: [{ path: 'city', direction: 'asc' }] },
          { name: 'plants_code', paths: ['code'], unique: true },
        ],
      });
      expect(await indexes()).toEqual(['plants_by_hand', 'rm_plants__plants_by_city', 'rm_plants__plants_code', 'rm_plants_pkey']);
    } finally {
      await close();
    }
  }, 60_000);
}
