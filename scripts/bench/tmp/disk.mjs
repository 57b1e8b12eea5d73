import { PGlite } from '@electric-sql/pglite';
import { rmSync } from 'node:fs';
for (const mode of ['memory', 'disk', 'disk-sync-off']) {
  rmSync('/tmp/b17/pgd', { recursive: true, force: true });
  const db = await PGlite.create(mode === 'memory' ? 'memory://' : '/tmp/b17/pgd');
  await db.query('CREATE TABLE t (id serial primary key, v text)');
  if (mode === 'disk-sync-off') await db.query('SET synchronous_commit = off');
  const n = 1000; const t0 = performance.now();
  for (let i = 0; i < n; i++) await db.query('INSERT INTO t (v) VALUES ($1)', ['x' + i]);
  const t1 = performance.now();
  for (let i = 0; i < n; i++) await db.transaction(async (tx) => { await tx.query('INSERT INTO t (v) VALUES ($1)', ['x' + i]); await tx.query('SELECT 1'); });
  const t2 = performance.now();
  console.log(mode, 'autocommit insert', Math.round(n / ((t1 - t0) / 1000)), '/s; tx(2 stmts)', Math.round(n / ((t2 - t1) / 1000)), '/s');
  await db.close();
}
