#!/usr/bin/env node
// Prototype (measurement only; nothing the api reads changes): on a COPY of a seeded, rebuilt data directory, builds a
// word index of the order list's search text beside rm_order_search: one row per (word, order) in a b-tree on
// (word, customer, ref), and a dictionary of the distinct words with a trigram index. A search made only of letters
// and digits can only match inside one word of the text, so its orders are those of the dictionary's words that hold
// it: the staff's 'Köln' page sorted by customer becomes, per matching word, a walk of the b-tree that stops after
// the page, merged; the total (D67: counted to 1,001) reads at most 1,001 rows a word. Compares both with the
// statements the api sends today, on PGlite, and checks that they return the same page and total.
// Usage: cp -r DATA_DIR COPY && node scripts/bench/prototype-token-search.mjs COPY [search ...]
import { openPglite } from '@onsite/infrastructure';

const lite = await openPglite({ dataDir: process.argv[2] + '/pglite' });
const q = (text, params) => lite.query(text, params);
const searches = process.argv.length > 3 ? process.argv.slice(3) : ['köln', 'reading', 'gmbh', 'no such plant'];

let t0 = performance.now();
await q('DROP TABLE IF EXISTS proto_words');
await q('DROP TABLE IF EXISTS proto_dictionary');
await q('CREATE TABLE proto_words (word text COLLATE "C" NOT NULL, customer text COLLATE "C", ref text COLLATE "C", id text NOT NULL)');
// Words: maximal runs of letters and digits of the (already lower-case) search text, each once per order.
await q(`INSERT INTO proto_words
  SELECT DISTINCT w.word, data->>'customerName', data->>'refId', id
    FROM rm_order_search, regexp_split_to_table(data->>'text', '[^[:alnum:]]+') AS w(word) WHERE w.word <> ''`);
await q('CREATE INDEX proto_words_by_customer ON proto_words (word, customer, ref, id)');
await q('CREATE TABLE proto_dictionary AS SELECT word, count(*)::integer AS orders FROM proto_words GROUP BY word');
await q('CREATE INDEX proto_dictionary_trgm ON proto_dictionary USING gin (word gin_trgm_ops)');
await q('VACUUM ANALYZE proto_words');
await q('VACUUM ANALYZE proto_dictionary');
const [{ rows, words }] = await q('SELECT (SELECT count(*)::integer FROM proto_words) AS rows, (SELECT count(*)::integer FROM proto_dictionary) AS words');
console.log(
  `word index: ${rows.toLocaleString('en')} rows, ${words.toLocaleString('en')} distinct words, built in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const today = `SELECT id FROM rm_order_search WHERE (data #>> '{text}') LIKE $1 ORDER BY (data #>> '{customerName}') COLLATE "C" ASC NULLS FIRST, (data #>> '{refId}') COLLATE "C" ASC NULLS FIRST, id LIMIT 10`;
const todayCount = `SELECT count(*)::integer AS n FROM (SELECT 1 FROM rm_order_search WHERE (data #>> '{text}') LIKE $1 LIMIT 1001) t`;
const matching = `SELECT coalesce(array_agg(word), '{}') AS words FROM proto_dictionary WHERE word LIKE $1`;
const page = `SELECT id FROM (
    SELECT DISTINCT ON (customer, ref, id) customer, ref, id FROM unnest($1::text[]) AS m(word)
      CROSS JOIN LATERAL (SELECT customer, ref, id FROM proto_words WHERE word = m.word ORDER BY customer, ref, id LIMIT 10) x
     ORDER BY customer, ref, id) y
   ORDER BY customer, ref, id LIMIT 10`;
const count = `SELECT least(count(DISTINCT id), 1001)::integer AS n FROM unnest($1::text[]) AS m(word)
    CROSS JOIN LATERAL (SELECT id FROM proto_words WHERE word = m.word LIMIT 1001) x`;

const time = async (fn, runs = 10) => {
  await fn();
  const start = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  return (performance.now() - start) / runs;
};
for (const search of searches) {
  const like = `%${search.toLowerCase()}%`;
  if (/[^\p{L}\p{N}]/u.test(search)) {
    console.log(`'${search}': holds a character outside a word; the word index does not answer it (the api would read the text as today)`);
    continue;
  }
  const words = async () => (await q(matching, [like]))[0].words;
  const list = await words();
  const todayMs = await time(() => q(today, [like]));
  const todayCountMs = await time(() => q(todayCount, [like]));
  const wordsMs = await time(words);
  const pageMs = await time(() => q(page, [list]));
  const countMs = await time(() => q(count, [list]));
  const same = (await q(today, [like])).map((r) => r.id).join() === (await q(page, [list])).map((r) => r.id).join();
  const totals = [(await q(todayCount, [like]))[0].n, (await q(count, [list]))[0].n];
  console.log(
    `'${search}': ${list.length} matching words; today page ${todayMs.toFixed(2)} ms + total ${todayCountMs.toFixed(2)} ms; word index: words ${wordsMs.toFixed(2)} ms + page ${pageMs.toFixed(2)} ms + total ${countMs.toFixed(2)} ms; same page: ${same}; totals ${totals.join(' / ')}`,
  );
}
await lite.close();
