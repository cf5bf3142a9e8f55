import fs from 'node:fs';
import { validate } from '@jsonresume/schema';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../plugins/errors.js';
import { updateMe } from '../../test/accounts.js';
import {
  ADMIN_EMAIL,
  call,
  createTestContext,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/app.js';
import type { CvView } from './cv-view.js';
import { cvRoutes } from './cv.routes.js';
import { CvService } from './cv.service.js';

/*
 * A profile's CV as a page, a PDF and JSON Resume: what it shows in each language, what it never shows,
 * who has none, and a PDF drawn once per change.
 */

/** Cyrillic Uzbek with ў қ ғ ҳ, and Latin Uzbek with ʻ (U+02BB) and ʼ (U+02BC). */
const NAME = { firstname: 'Ғайратжон', lastname: 'Ҳўжақулов' };
const HEADLINE = 'Frontend dasturchi, Oʻzbekiston maʼlumotlar markazi';
const JOB = { role: 'Бош дастурчи', company: 'Oʻzbekiston temir yoʻllari', from: '2023-03', to: null };
const INTERNSHIP = { role: 'Stajyor', company: 'IT Park', from: '2022-06', to: '2023-02' };
const SCHOOL = { school: 'TATU', field: 'Dasturiy injiniring', from: 2018, to: 2022 };

let context: TestContext;
let admin: TestUser;
let person: TestUser;
const pinnedTitle = 'Ob-havo ilovasi <b>beta</b>';
const hiddenTitle = 'Yashirilgan loyiha';

const get = (url: string, headers: Record<string, string> = {}, app?: FastifyInstance) =>
  (app ?? context.app).inject({ method: 'GET', url, headers });

async function publish(author: TestUser, fields: Record<string, unknown>): Promise<string> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { 'x-token': author.token },
    payload: { url: 'https://example.uz', used: ['React'], ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { _id: string })._id;
}

async function edit(user: TestUser, payload: Record<string, unknown>) {
  const response = await updateMe(context, user.token, { payload });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  context = await createTestContext({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signUp(context, { email: ADMIN_EMAIL, username: `cvadmin_${Date.now().toString(36)}` });
  person = await signUp(context, NAME);
  const shown = await publish(person, {
    title: pinnedTitle,
    url: 'https://havo.example.uz',
    repoUrl: 'https://github.com/ghayrat/havo',
    used: ['React', 'TypeScript'],
    description: 'Toshkent uchun **ob-havo** ilovasi.',
  });
  const hidden = await publish(person, { title: hiddenTitle });
  await edit(person, {
    headline: HEADLINE,
    city: 'samarqand',
    website: 'https://ghayrat.uz',
    linkedin: 'https://www.linkedin.com/in/ghayrat-dev',
    githubProfile: 'https://github.com/ghayrat',
    telegramProfile: '@ghayrat_dev',
    description: 'Men <script>alert(1)</script> interfeyslar yozaman.',
    skills: ['React', 'TypeScript'],
    emailPublic: false,
    experience: [JOB, INTERNSHIP],
    education: [SCHOOL],
    openToWork: {
      status: 'looking',
      roles: ['Frontend muhandis', 'React dasturchi'],
      employment: ['full', 'part'],
      remote: true,
    },
    affiliation: { kind: 'itpark', name: 'IT Park' },
    pinned: [shown, hidden],
  });
  const verified = await call(context.app, {
    method: 'PUT',
    url: `/api/admin/users/${person.id}/affiliation/verified`,
    headers: { 'x-token': admin.token },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  await context.app.services.db
    .updateTable('portfolios')
    .set({ hidden_at: new Date().toISOString(), hidden_reason: 'Sinov' })
    .where('id', '=', hidden)
    .execute();
});
afterAll(() => context?.close());

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** Counts the drawings, which must happen once per version of a PDF, not once per request. */
class CountingCv extends CvService {
  drawings = 0;

  protected override draw(view: CvView) {
    this.drawings += 1;
    return super.draw(view);
  }
}

/** The CV routes over the test app's services and data, with drawings counted. */
async function countingApp(): Promise<{ app: FastifyInstance; cv: CountingCv }> {
  const { services } = context.app;
  const cv = new CountingCv(services.db, services.dialect, {
    ...services,
    publicUrl: services.config.publicUrl,
  });
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(cvRoutes, { ...services, cv });
  await app.ready();
  return { app, cv };
}

describe('the CV page', () => {
  it('shows the profile as written, with labels and months in the page’s language', async () => {
    const response = await get(`/profile/${person.username}/cv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-language']).toBe('uz-Latn');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="uz-Latn">/);
    expect(html).toContain('@page { size: A4;');
    expect(html).not.toMatch(/<script|noindex/i);
    for (const text of [
      `${NAME.firstname} ${NAME.lastname} — rezyume</title>`,
      HEADLINE,
      JOB.role,
      JOB.company,
      '03.2023 – hozirgacha',
      '06.2022 – 02.2023',
      SCHOOL.school,
      '2018 – 2022',
      'Samarqand viloyati',
      'Ishga tayyor',
      'Frontend muhandis, React dasturchi',
      'To‘liq stavka, Yarim stavka, Masofadan ham',
      'IT Park rezidenti',
      'Admin tomonidan tasdiqlangan',
      'https://www.linkedin.com/in/ghayrat-dev',
      'https://github.com/ghayrat',
      'https://t.me/ghayrat_dev',
      'https://ghayrat.uz',
      `http://localhost:5173/profile/${person.username}`,
      'Ob-havo ilovasi &#60;b&#62;beta&#60;/b&#62;',
      'https://github.com/ghayrat/havo',
      'React, TypeScript',
      'Men &#60;script&#62;alert(1)&#60;/script&#62; interfeyslar yozaman.',
      `<link rel="canonical" href="http://localhost:5173/profile/${person.username}/cv">`,
      // Search results say who it is and what they do; the tab shows the site's icon.
      `<meta name="description" content="${NAME.firstname} ${NAME.lastname} — ${HEADLINE} — `,
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
      `<link rel="alternate" hreflang="ru" href="http://localhost:5173/ru/profile/${person.username}/cv">`,
      `<link rel="alternate" hreflang="x-default" href="http://localhost:5173/profile/${person.username}/cv">`,
      `href="http://localhost:5173/profile/${person.username}/cv.pdf"`,
      `href="http://localhost:5173/profile/${person.username}/resume.json"`,
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).not.toContain(hiddenTitle);
    expect(html).not.toContain(person.email);

    const russian = await get(`/ru/profile/${person.username}/cv`);
    expect(russian.headers['content-language']).toBe('ru');
    expect(russian.body).toContain('<html lang="ru">');
    for (const text of [
      'Опыт работы',
      'март 2023 г. – по настоящее время',
      'Самаркандская область',
      HEADLINE,
    ]) {
      expect(russian.body, text).toContain(text);
    }
    const english = await get(`/en/profile/${person.username}/cv`);
    expect(english.body).toContain('March 2023 – present');
    expect(english.body).toContain(`— CV</title>`);
    const cyrillic = await get(`/uz-Cyrl/profile/${person.username}/cv`);
    expect(cyrillic.body).toContain('<html lang="uz-Cyrl">');
    expect(cyrillic.body).toContain('Иш тажрибаси');
    // What the person wrote stays in the script they wrote it in.
    expect(cyrillic.body).toContain(HEADLINE);
  });

  it('answers If-None-Match with 304', async () => {
    const url = `/en/profile/${person.username}/cv`;
    const first = await get(url);
    const etag = String(first.headers.etag);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows the email only when its owner made it public', async () => {
    const open = await signUp(context);
    await edit(open, { emailPublic: true });
    expect((await get(`/profile/${open.username}/cv`)).body).toContain(`mailto:${open.email}`);
    expect((await get(`/profile/${open.username}/resume.json`)).json().basics.email).toBe(open.email);
    await edit(open, { emailPublic: false });
    expect((await get(`/profile/${open.username}/cv`)).body).not.toContain(open.email);
    expect((await get(`/profile/${open.username}/resume.json`)).body).not.toContain(open.email);
  });
});

describe('the CV as a PDF', () => {
  it('holds the CV as text in DejaVu Sans, embedded, with its metadata', async () => {
    const response = await get(`/profile/${person.username}/cv.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${person.username}-cv.pdf"`);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers.etag).toMatch(/^"[\w-]{20}"$/);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.includes('/FontFile2')).toBe(true);
    expect(bytes.includes('DejaVuSans')).toBe(true);
    const text = await pdfText(bytes);
    for (const expected of [
      `${NAME.firstname} ${NAME.lastname}`,
      HEADLINE,
      JOB.role,
      JOB.company,
      '03.2023 – hozirgacha',
      INTERNSHIP.company,
      'Ish tajribasi',
      'Samarqand viloyati',
      'Admin tomonidan tasdiqlangan',
      pinnedTitle,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain(hiddenTitle);
    expect(text).not.toContain(person.email);
    const { info } = await getMeta(new Uint8Array(bytes));
    expect(info.Title).toBe(`${NAME.firstname} ${NAME.lastname} — rezyume`);
    expect(info.Author).toBe(`${NAME.firstname} ${NAME.lastname}`);
    expect(bytes.includes('/Lang (uz-Latn)')).toBe(true);
  });

  it('writes its labels in the address’s language', async () => {
    const russian = await pdfText((await get(`/ru/profile/${person.username}/cv.pdf`)).rawPayload);
    expect(russian).toContain('Опыт работы');
    expect(russian).toContain('март 2023 г. – по настоящее время');
    expect(russian).toContain(HEADLINE);
    const english = await pdfText((await get(`/en/profile/${person.username}/cv.pdf`)).rawPayload);
    expect(english).toContain('Experience');
    expect(english).toContain('March 2023 – present');
    expect(english).toContain('Samarkand Region');
  });

  it('is drawn once per change of what it shows, and answers If-None-Match with 304', async () => {
    const user = await signUp(context, { firstname: 'Dilnoza', lastname: 'Qoʻchqorova' });
    await edit(user, { headline: 'Backend dasturchi', experience: [INTERNSHIP] });
    const url = `/en/profile/${user.username}/cv.pdf`;
    const { app, cv } = await countingApp();
    const [first, concurrent] = await Promise.all([get(url, {}, app), get(url, {}, app)]);
    expect(first.statusCode).toBe(200);
    expect(concurrent.headers.etag).toBe(first.headers.etag);
    expect(cv.drawings).toBe(1);
    const second = await get(url, {}, app);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(cv.drawings).toBe(1);
    const notModified = await get(url, { 'if-none-match': String(first.headers.etag) }, app);
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload).toHaveLength(0);
    const files = () => fs.readdirSync(cv.dir).filter((name) => name.startsWith(`en-${user.id}-`));
    expect(files()).toHaveLength(1);

    await edit(user, { headline: 'Backend dasturchi, Go' });
    const changed = await get(url, {}, app);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(cv.drawings).toBe(2);
    expect(await pdfText(changed.rawPayload)).toContain('Backend dasturchi, Go');
    expect(files()).toHaveLength(1);
    expect((await get(url, { 'if-none-match': String(first.headers.etag) }, app)).statusCode).toBe(200);
    await app.close();
  });
});

describe('the CV as JSON Resume', () => {
  it('follows the schema and holds the profile', async () => {
    const response = await get(`/ru/profile/${person.username}/resume.json`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers.etag).toBeDefined();
    const resume = response.json();
    const errors = await new Promise((resolve) => validate(resume, (found) => resolve(found)));
    expect(errors).toBeNull();
    expect(response.body).not.toContain(person.email);
    expect(resume.basics).toEqual({
      name: `${NAME.firstname} ${NAME.lastname}`,
      label: HEADLINE,
      url: 'https://ghayrat.uz',
      summary: 'Men <script>alert(1)</script> interfeyslar yozaman.',
      location: { region: 'Самаркандская область', countryCode: 'UZ' },
      profiles: [
        { network: 'GitHub', username: 'ghayrat', url: 'https://github.com/ghayrat' },
        { network: 'Telegram', username: 'ghayrat_dev', url: 'https://t.me/ghayrat_dev' },
        { network: 'LinkedIn', username: 'ghayrat-dev', url: 'https://www.linkedin.com/in/ghayrat-dev' },
      ],
    });
    expect(resume.work).toEqual([
      { name: JOB.company, position: JOB.role, startDate: '2023-03' },
      { name: 'IT Park', position: 'Stajyor', startDate: '2022-06', endDate: '2023-02' },
    ]);
    expect(resume.education).toEqual([
      { institution: 'TATU', area: 'Dasturiy injiniring', startDate: '2018', endDate: '2022' },
    ]);
    expect(resume.skills).toEqual([{ name: 'React' }, { name: 'TypeScript' }]);
    expect(resume.projects).toEqual([
      {
        name: pinnedTitle,
        url: 'https://havo.example.uz',
        keywords: ['React', 'TypeScript'],
        description: 'Toshkent uchun ob-havo ilovasi.',
      },
    ]);
    expect(resume.meta).toMatchObject({
      canonical: `http://localhost:5173/ru/profile/${person.username}/resume.json`,
      version: 'v1.0.0',
    });
    expect(resume.meta.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const again = await get(`/ru/profile/${person.username}/resume.json`, {
      'if-none-match': String(response.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('leaves the country out for a person abroad, and empty fields out', async () => {
    const user = await signUp(context);
    await edit(user, { city: 'boshqa' });
    const resume = (await get(`/en/profile/${user.username}/resume.json`)).json();
    expect(resume.basics.location).toEqual({ region: 'Another country' });
    expect(resume.basics.label).toBeUndefined();
    expect(resume.basics.url).toBe(`http://localhost:5173/en/profile/${user.username}`);
    const errors = await new Promise((resolve) => validate(resume, (found) => resolve(found)));
    expect(errors).toBeNull();
  });
});

describe('who has no CV', () => {
  const addresses = (username: string) =>
    ['', '/uz-Cyrl', '/ru', '/en'].flatMap((prefix) =>
      ['cv', 'cv.pdf', 'resume.json'].map((document) => `${prefix}/profile/${username}/${document}`),
    );

  async function expectNone(username: string) {
    for (const url of addresses(username)) {
      // The page is a page to everyone; the others are problems as the API's are, JSON to who asks for it.
      const response = await get(url, { accept: 'application/json' });
      expect(response.statusCode, url).toBe(404);
      if (url.endsWith('/cv')) {
        expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      } else {
        expect(response.json(), url).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      }
    }
  }

  it('answers 404 for an unknown user, in the address’s language on the page', async () => {
    await expectNone('hech_kim_yoq');
    expect((await get('/ru/profile/hech_kim_yoq/cv')).body).toContain('Профиль не найден');
    expect((await get('/profile/hech_kim_yoq/cv')).body).toContain('<html lang="uz-Latn">');
  });

  it('answers 404 for a hidden profile, to everyone', async () => {
    const user = await signUp(context);
    expect((await get(`/profile/${user.username}/cv`)).statusCode).toBe(200);
    await context.app.services.db
      .updateTable('users')
      .set({ hidden_at: new Date().toISOString(), hidden_reason: 'Sinov' })
      .where('id', '=', user.id)
      .execute();
    await expectNone(user.username);
    // Its owner's session changes nothing: the documents read none.
    const own = await get(`/profile/${user.username}/cv.pdf`, { 'x-token': user.token });
    expect(own.statusCode).toBe(404);
  });

  it('answers 404 while a profile is blocked, and shows it again when the block ends', async () => {
    const user = await signUp(context);
    const block = (until: string | null) =>
      context.app.services.db
        .updateTable('users')
        .set({ blocked_at: new Date().toISOString(), blocked_until: until, blocked_reason: 'Spam' })
        .where('id', '=', user.id)
        .execute();
    await block(null);
    await expectNone(user.username);
    await block(new Date(Date.now() - 60_000).toISOString());
    expect((await get(`/profile/${user.username}/resume.json`)).statusCode).toBe(200);
  });
});
