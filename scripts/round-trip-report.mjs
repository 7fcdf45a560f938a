// Where delete-then-insert-back loses blank lines (issue 21's goal: 98% restored), from the round trips
// the per-language corpus test logs:
//   STRUCTEDIT_ROUND_TRIP_LOG=/tmp/round-trips.jsonl npx vitest run test/corpus/languages.corpus.test.ts
//   node scripts/round-trip-report.mjs /tmp/round-trips.jsonl
// (STRUCTEDIT_ROUND_TRIPS=12 measures three times as many per file.) A deletion keeps one of the two
// gaps around a structure (the blank lines above and below it), and the insertion must put both back.
// Where the two were equal, that gap says it all; where they differed, the deletion lost which side had
// the smaller one, and only the rest of the file can tell. Per language this prints both shares and
// what was restored of each, then the most frequent misses: side, position among its siblings, blank
// lines above and below as they were, and as the insertion put them.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/round-trip-report.mjs <round-trip log (JSON lines)>');
  process.exit(2);
}
const trips = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));

const pct = (part, whole) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`);
const byLanguage = new Map();
const misses = new Map();
for (const trip of trips) {
  const entry = byLanguage.get(trip.language) ?? { trips: 0, restored: 0, equal: 0, restoredEqual: 0 };
  const equal = trip.gaps[1] === null || trip.gaps[0] === trip.gaps[1];
  entry.trips++;
  if (trip.restored) entry.restored++;
  if (equal) entry.equal++;
  if (equal && trip.restored) entry.restoredEqual++;
  byLanguage.set(trip.language, entry);
  if (!trip.restored) {
    const position = trip.first ? 'first child' : trip.last ? 'last child' : 'between siblings';
    const key = `${trip.side} (${position}): blank lines ${trip.gaps.join('/')} → ${trip.inserted.join('/')}`;
    misses.set(key, (misses.get(key) ?? 0) + 1);
  }
}

console.log('| language | round trips | restored | gaps equal | restored of those | gaps differed | restored of those |');
console.log('|---|---|---|---|---|---|---|');
for (const [language, entry] of byLanguage) {
  const differed = entry.trips - entry.equal;
  console.log(`| ${language} | ${entry.trips} | ${pct(entry.restored, entry.trips)} | ${pct(entry.equal, entry.trips)} | ${pct(entry.restoredEqual, entry.equal)} | ${pct(differed, entry.trips)} | ${pct(entry.restored - entry.restoredEqual, differed)} |`);
}
console.log('\nMost frequent misses (all languages; blank lines above/below the structure, as they were → as put back):');
for (const [key, count] of [...misses].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${count} × insert ${key}`);
