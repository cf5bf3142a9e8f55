import { fileURLToPath } from 'node:url';
import bcrypt from 'bcryptjs';
import { ObjectId } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../test/accounts.js';
import { call, createTestContext, type TestContext } from '../test/app.js';
import { OLD_PASSWORD, writeDump } from '../test/original-dump.js';
import { type Dump, readDump } from './dump.js';
import { importOriginal } from './original-import.js';

/*
 * Linktitles the import had to change keep answering: the API gives the portfolio itself, the page sends
 * its visitor on to the new address. A current linktitle always wins over an old one.
 */

const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

let context: TestContext;
let dump: Dump;
let closeDump: () => void;

const author = new ObjectId();
let day = 0;
const portfolio = (title: string, linktitle: string | undefined) => ({
  _id: new ObjectId(),
  title,
  linktitle,
  url: 'https://loyiha.example.uz',
  used: ['Go'],
  author,
  date: new Date(Date.UTC(2021, 0, 1 + day++)),
});
const renamed = {
  slash: portfolio('A/B test', 'ali_A/B_test'),
  question: portfolio('Nima gap?', 'ali_Nima_gap?'),
  hash: portfolio('C# loyiha', 'ali_C#_loyiha'),
  percent: portfolio('100% tayyor', 'ali_100%_tayyor'),
  all: portfolio('A/B test? #1 100%', 'ali_A/B_test?_#1_100%'),
};
const kept = portfolio('Blog', 'ali_Blog');
const taken = portfolio('Blog', 'ali_Blog');
const sameOld = portfolio('A/B test', 'ali_A/B_test');
const empty = portfolio('Bo‘sh', '');

const api = (address: string) =>
  call(context.app, { method: 'GET', url: `/api/portfolio/${encodeURIComponent(address)}` });
const page = (address: string) =>
  context.app.inject({ method: 'GET', url: `/portfolio/${encodeURIComponent(address)}` });
const currentLinktitle = async (id: ObjectId) => {
  const response = await api(id.toHexString());
  expect(response.statusCode).toBe(200);
  return response.json().linktitle as string;
};

beforeAll(async () => {
  context = await createTestContext({ WEB_DIST });
  const folder = writeDump(context.dataDir, {
    users: [
      {
        _id: author,
        username: 'ali',
        email: 'ali@example.uz',
        password: bcrypt.hashSync(OLD_PASSWORD, 4),
        registeredDate: new Date(Date.UTC(2020, 0, 1)),
      },
    ],
    portfolios: [...Object.values(renamed), kept, taken, sameOld, empty],
  });
  ({ dump, close: closeDump } = await readDump(folder));
  const report = await importOriginal(dump, context.app.services);
  expect(report.totals.portfolios.imported).toBe(9);
});
afterAll(async () => {
  closeDump?.();
  await context?.close();
});

describe('old linktitles of imported portfolios', () => {
  it('answer the portfolio itself from the API, and 301 to its new address from its page', async () => {
    for (const [name, { _id, linktitle: old }] of Object.entries(renamed)) {
      const linktitle = await currentLinktitle(_id);
      expect(linktitle, name).not.toBe(old);
      expect(linktitle, name).toMatch(/^ali_[\p{L}\p{N}._-]+$/u);

      const byOld = await api(old!);
      expect(byOld.statusCode, name).toBe(200);
      expect(byOld.json(), name).toEqual((await api(linktitle)).json());

      const moved = await page(old!);
      expect(moved.statusCode, name).toBe(301);
      expect(moved.headers.location, name).toBe(`/portfolio/${encodeURIComponent(linktitle)}`);
      expect((await page(linktitle)).statusCode, name).toBe(200);
    }
  });

  it('lead to the earliest portfolio that had them', async () => {
    const first = await currentLinktitle(renamed.slash._id);
    expect(await currentLinktitle(sameOld._id)).not.toBe(first);
    expect((await api('ali_A/B_test')).json()._id).toBe(renamed.slash._id.toHexString());
    expect((await page('ali_A/B_test')).headers.location).toBe(`/portfolio/${encodeURIComponent(first)}`);
  });

  it('an empty one was no address: the portfolio answers by its id, as it did', async () => {
    const linktitle = await currentLinktitle(empty._id);
    expect(linktitle).toBe('ali_Bo_sh');
    const byId = await page(empty._id.toHexString());
    expect(byId.statusCode).toBe(200);
    expect(byId.body).toContain(`/portfolio/${linktitle}`);
  });

  it('are kept once, whatever runs again', async () => {
    const again = await importOriginal(dump, context.app.services);
    expect(again.changed).toBe(false);
    expect((await api('ali_100%_tayyor')).json()._id).toBe(renamed.percent._id.toHexString());
  });

  it('never hide a current linktitle, and lead on once it is gone', async () => {
    const moved = await currentLinktitle(taken._id);
    expect(moved).not.toBe('ali_Blog');
    expect((await api('ali_Blog')).json()._id).toBe(kept._id.toHexString());
    expect((await page('ali_Blog')).statusCode).toBe(200);

    const session = await login(context, 'ali', OLD_PASSWORD);
    expect(session.statusCode).toBe(200);
    const deleted = await call(context.app, {
      method: 'DELETE',
      url: `/api/portfolio/delete/${kept._id.toHexString()}`,
      headers: { 'x-token': String(session.headers['x-token']) },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await api('ali_Blog')).json()._id).toBe(taken._id.toHexString());
    const sent = await page('ali_Blog');
    expect(sent.statusCode).toBe(301);
    expect(sent.headers.location).toBe(`/portfolio/${moved}`);
  });

  it('a page for an address that leads nowhere is still a 404', async () => {
    expect((await page('ali_Yo‘q/manzil')).statusCode).toBe(404);
    expect((await api('ali_Yo‘q/manzil')).statusCode).toBe(404);
  });
});
