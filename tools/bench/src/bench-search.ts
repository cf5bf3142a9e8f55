import type { DatabaseHandle } from '@portfolio-master/server/db/database';
import {
  countPeople,
  findPeoplePage,
  toPeopleSearchTerms,
} from '@portfolio-master/server/data/people.repository';
import { countPortfolios, findPortfoliosByIds } from '@portfolio-master/server/data/portfolios.repository';
import { findRelevancePage } from '@portfolio-master/server/data/relevance.repository';
import { toSearchTerms } from '@portfolio-master/server/data/search.repository';
import { correctedTerms } from '@portfolio-master/server/data/spelling.repository';

/*
 * `npm run bench -- --search=on`: the database time of a search's first page, nothing kept: the statements
 * a list request runs for it, in its order, timed from the server's side of the connection (on
 * PostgreSQL that includes the round trips). The median and the 95th percentile of `RUNS` runs each.
 */

const RUNS = 50;
const WARM_UP = 5;

export interface SearchTiming {
  name: string;
  median: number;
  p95: number;
  found: string;
}

interface Case {
  name: string;
  run: (handle: DatabaseHandle) => Promise<string>;
}

/** What `GET /api/portfolio?q=` asks the database for, best match first, page 1 of 10. */
async function portfolioSearch(handle: DatabaseHandle, q: string): Promise<string> {
  const { db, dialect } = handle;
  const criteria = { technologyIds: [], searchTerms: toSearchTerms(q) };
  const total = await countPortfolios(db, dialect, criteria);
  let suggestion = '';
  if (total < 3) {
    const corrected = await correctedTerms(db, dialect, criteria.searchTerms);
    if (corrected) {
      const found = await countPortfolios(db, dialect, { ...criteria, searchTerms: corrected });
      if (found > total) suggestion = `, suggests "${corrected.join(' ')}" (${found})`;
    }
  }
  const ids = await findRelevancePage(db, dialect, criteria, 10, 0);
  await findPortfoliosByIds(db, ids);
  return `${total} found${suggestion}`;
}

const CASES: Case[] = [
  { name: 'search "kutubxona", best match first', run: (h) => portfolioSearch(h, 'kutubxona') },
  { name: 'search "loyiha", a common word, best match first', run: (h) => portfolioSearch(h, 'loyiha') },
  { name: 'search "react", best match first', run: (h) => portfolioSearch(h, 'react') },
  { name: 'search "kutubxna", corrected', run: (h) => portfolioSearch(h, 'kutubxna') },
  { name: 'search "Reactt", corrected', run: (h) => portfolioSearch(h, 'Reactt') },
  {
    name: 'people, search "ali"',
    run: async ({ db, dialect }) => {
      const criteria = { searchTerms: toPeopleSearchTerms('ali'), openToWork: false };
      const now = new Date().toISOString();
      const total = await countPeople(db, dialect, criteria, now);
      await findPeoplePage(db, dialect, criteria, 'liked', 20, 0, now);
      return `${total} found`;
    },
  },
];

export async function measureSearch(handle: DatabaseHandle): Promise<SearchTiming[]> {
  const timings: SearchTiming[] = [];
  for (const { name, run } of CASES) {
    let found = '';
    for (let i = 0; i < WARM_UP; i += 1) found = await run(handle);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      await run(handle);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    timings.push({
      name,
      median: times[Math.floor(RUNS / 2)]!,
      p95: times[Math.floor(RUNS * 0.95)]!,
      found,
    });
  }
  return timings;
}

export function formatSearch(timings: readonly SearchTiming[]): string {
  const lines = [
    '| Search, page 1, nothing kept | DB time median | p95 | Found |',
    '| --- | --- | --- | --- |',
  ];
  for (const timing of timings) {
    lines.push(
      `| ${timing.name} | ${timing.median.toFixed(2)} ms | ${timing.p95.toFixed(2)} ms | ${timing.found} |`,
    );
  }
  return lines.join('\n');
}
