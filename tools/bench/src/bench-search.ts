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
 * `npm run bench -- --search=on`: the database time of a search's first page, nothing kept, in the parts a
 * list request runs, timed from the server's side of the connection (on PostgreSQL that includes the
 * round trips): the page (best match first: the window and the page's rows), the close spelling (when the
 * search found fewer than 3: the known words and the trigram look-ups) and the count (which the server
 * keeps 10 s per criteria, `ListTotals`, so most requests skip it). The median and the 95th percentile of
 * `RUNS` runs each.
 */

const RUNS = 30;
const WARM_UP = 3;

interface Part {
  median: number;
  p95: number;
}

export interface SearchTiming {
  name: string;
  page: Part;
  suggestion: Part | undefined;
  count: Part;
  found: string;
}

async function time(run: () => Promise<unknown>): Promise<Part> {
  for (let i = 0; i < WARM_UP; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(RUNS / 2)]!, p95: times[Math.floor(RUNS * 0.95)]! };
}

/** `GET /api/portfolio?q=`, best match first, page 1 of 10. */
async function portfolioSearch(handle: DatabaseHandle, name: string, q: string): Promise<SearchTiming> {
  const { db, dialect } = handle;
  const criteria = { technologyIds: [], searchTerms: toSearchTerms(q) };
  const total = await countPortfolios(db, dialect, criteria);
  const corrected = total < 3 ? await correctedTerms(db, dialect, criteria.searchTerms) : undefined;
  const found = corrected && (await countPortfolios(db, dialect, { ...criteria, searchTerms: corrected }));
  return {
    name,
    page: await time(async () =>
      findPortfoliosByIds(db, await findRelevancePage(db, dialect, criteria, 10, 0)),
    ),
    suggestion: total < 3 ? await time(() => correctedTerms(db, dialect, criteria.searchTerms)) : undefined,
    count: await time(() => countPortfolios(db, dialect, criteria)),
    found: `${total}${corrected ? `; suggests "${corrected.join(' ')}" (${found})` : ''}`,
  };
}

/** `GET /api/people?q=`, page 1 of 20. */
async function peopleSearch(handle: DatabaseHandle, name: string, q: string): Promise<SearchTiming> {
  const { db, dialect } = handle;
  const criteria = { searchTerms: toPeopleSearchTerms(q), openToWork: false };
  const now = new Date().toISOString();
  return {
    name,
    page: await time(() => findPeoplePage(db, dialect, criteria, 'liked', 20, 0, now)),
    suggestion: undefined,
    count: await time(() => countPeople(db, dialect, criteria, now)),
    found: String(await countPeople(db, dialect, criteria, now)),
  };
}

export async function measureSearch(handle: DatabaseHandle): Promise<SearchTiming[]> {
  return [
    await portfolioSearch(handle, 'search "kutubxona", best match first', 'kutubxona'),
    await portfolioSearch(handle, 'search "loyiha" (a common word), best match first', 'loyiha'),
    await portfolioSearch(handle, 'search "react", best match first', 'react'),
    await portfolioSearch(handle, 'search "kutubxna", corrected', 'kutubxna'),
    await portfolioSearch(handle, 'search "Reactt", corrected', 'Reactt'),
    await peopleSearch(handle, 'people, search "ali"', 'ali'),
  ];
}

export function formatSearch(timings: readonly SearchTiming[]): string {
  const ms = (part: Part | undefined) =>
    part ? `${part.median.toFixed(2)} ms (p95 ${part.p95.toFixed(2)})` : '';
  const lines = [
    '| Search, nothing kept | Page 1 | Close spelling | Count (kept 10 s) | Found |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const timing of timings) {
    lines.push(
      `| ${timing.name} | ${ms(timing.page)} | ${ms(timing.suggestion)} | ${ms(timing.count)} | ${timing.found} |`,
    );
  }
  return lines.join('\n');
}
