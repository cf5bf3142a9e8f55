import { ObjectId } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../test/app.js';
import { writeDump } from '../test/original-dump.js';
import { readDump } from './dump.js';
import { type ImportReport, importOriginal } from './original-import.js';

/*
 * The original server kept `used` as `req.body.used.split(", ")`: a field typed without the space after
 * each comma, or with spaces around it, arrived as array entries naming several technologies at once.
 */

let context: TestContext;
let report: ImportReport;

const author = new ObjectId();
const portfolio = (n: number, used: unknown) => ({
  _id: new ObjectId(),
  title: `Loyiha ${n}`,
  linktitle: `ali_Loyiha_${n}`,
  url: `https://loyiha${n}.example.uz`,
  used,
  author,
  date: new Date(Date.UTC(2021, 0, 1 + n)),
});
const portfolios = [
  portfolio(1, ['React,Node.js,MongoDB']),
  portfolio(2, ['Vue, firebase ,Tailwind']),
  portfolio(3, ['react , Express', 'Node.js']),
  portfolio(4, 'React, Vue'),
  portfolio(5, ['React,,REACT', ' , ']),
  portfolio(6, ['Angular']),
];

beforeAll(async () => {
  context = await createTestContext();
  const folder = writeDump(context.dataDir, {
    users: [{ _id: author, username: 'ali', email: 'ali@example.uz', registeredDate: new Date(2020, 0) }],
    portfolios,
  });
  const { dump, close } = await readDump(folder);
  try {
    report = await importOriginal(dump, context.app.services);
  } finally {
    close();
  }
});
afterAll(() => context?.close());

const list = async (query: string) => {
  const response = await call(context.app, { method: 'GET', url: `/api/portfolio?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { total: number; items: { linktitle: string; used: string[] }[] };
};

describe('technologies named together in one entry of `used`', () => {
  it('are split on commas, trimmed, without empties, each once', async () => {
    expect(report.totals.portfolios.imported).toBe(6);
    expect(report.problems.count('used-entry-with-commas')).toBe(4);
    expect(report.problems.count('used-as-string')).toBe(1);
    expect(report.problems.count('technology-duplicate')).toBe(1);
    const used = Object.fromEntries(
      (await list('limit=10')).items.map((item) => [item.linktitle, item.used]),
    );
    expect(used).toEqual({
      ali_Loyiha_1: ['React', 'Node.js', 'MongoDB'],
      ali_Loyiha_2: ['Vue', 'firebase', 'Tailwind'],
      ali_Loyiha_3: ['React', 'Express', 'Node.js'],
      ali_Loyiha_4: ['React', 'Vue'],
      ali_Loyiha_5: ['React'],
      ali_Loyiha_6: ['Angular'],
    });
  });

  it('are found by the technology filter', async () => {
    const react = await list('filter=React');
    expect(react.total).toBe(4);
    expect(react.items.map((item) => item.linktitle).sort()).toEqual([
      'ali_Loyiha_1',
      'ali_Loyiha_3',
      'ali_Loyiha_4',
      'ali_Loyiha_5',
    ]);
    expect((await list('filter=firebase')).total).toBe(1);
    expect((await list('filter=Node.js,MongoDB')).total).toBe(1);
  });

  it('are counted one by one', async () => {
    const response = await call(context.app, { method: 'GET', url: '/api/portfolio/technologies' });
    const counts = Object.fromEntries(
      (response.json() as { name: string; count: number }[]).map((t) => [t.name, t.count]),
    );
    expect(counts).toEqual({
      React: 4,
      'Node.js': 2,
      Vue: 2,
      MongoDB: 1,
      firebase: 1,
      Tailwind: 1,
      Express: 1,
      Angular: 1,
    });
  });
});
