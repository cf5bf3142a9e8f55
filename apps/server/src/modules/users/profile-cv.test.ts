import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMe, updateMe } from '../../test/accounts.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { multipart } from '../../test/forms.js';
import { EMPTY_CV } from '../../test/profile.js';

/*
 * A profile that reads as a CV: every field through JSON and forms, refused input that stores nothing,
 * pinned portfolios, and affiliations only admins verify.
 */

const ADMIN_EMAIL = 'tekshiruvchi@example.uz';

let context: TestContext;
let admin: TestUser;
beforeAll(async () => {
  context = await createTestContext({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signUp(context, { email: ADMIN_EMAIL, username: `tekshiruvchi_${Date.now().toString(36)}` });
});
afterAll(() => context.close());

const as = (who: TestUser | null) => (who ? { 'x-token': who.token } : {});
const view = (user: TestUser, who: TestUser | null = null) =>
  call(context.app, { method: 'GET', url: `/api/user/${user.username}`, headers: as(who) });
const edit = (user: TestUser, payload: Record<string, unknown>) => updateMe(context, user.token, { payload });
const verification = (method: 'PUT' | 'DELETE', user: { id: string }, who: TestUser | null = admin) =>
  call(context.app, { method, url: `/api/admin/users/${user.id}/affiliation/verified`, headers: as(who) });

let unique = 0;
async function publish(author: TestUser): Promise<string> {
  unique += 1;
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: as(author),
    payload: { title: `Ish namunasi ${unique}`, url: 'https://example.uz', used: ['React'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { _id: string })._id;
}

const CV_FIELDS = [
  'headline',
  'city',
  'website',
  'linkedin',
  'experience',
  'education',
  'openToWork',
  'affiliation',
] as const;
/** The CV's fields of a User, and its pins' ids in order. */
const cvOf = (user: Record<string, unknown>) => ({
  ...Object.fromEntries(CV_FIELDS.map((field) => [field, user[field]])),
  pinned: (user.pinned as { _id: string }[]).map((portfolio) => portfolio._id),
});

const job = { role: 'Frontend dasturchi', company: 'EPAM', from: '2023-09', to: null };
const CV = {
  headline: 'Frontend dasturchi, React',
  city: 'samarqand',
  website: 'https://jasur.uz',
  linkedin: 'https://www.linkedin.com/in/jasur-dev',
  experience: [job, { role: 'Stajyor', company: 'IT Park', from: '2022-06', to: '2023-08' }],
  education: [{ school: 'TATU', field: 'Dasturiy injiniring', from: 2018, to: 2022 }],
  openToWork: {
    status: 'looking',
    roles: ['Frontend dasturchi'],
    employment: ['full', 'freelance'],
    remote: true,
  },
  affiliation: { kind: 'itpark', name: 'IT Park' },
};
const SHOWN = { ...CV, affiliation: { ...CV.affiliation, verified: false }, pinned: [] };
const EMPTY = EMPTY_CV;

describe('a profile as a CV', () => {
  it('starts empty', async () => {
    const user = await signUp(context);
    expect(cvOf((await view(user)).json())).toEqual(EMPTY);
  });

  it('takes every field as JSON and shows it on /user/me and to everyone on /user/{username}', async () => {
    const user = await signUp(context);
    // Seen before the edit: the kept answer must not outlive it.
    expect(cvOf((await view(user)).json())).toEqual(EMPTY);
    const response = await edit(user, CV);
    expect(response.statusCode, response.body).toBe(200);
    expect(cvOf(response.json())).toEqual(SHOWN);
    expect(cvOf((await getMe(context, user.token)).json())).toEqual(SHOWN);
    expect(cvOf((await view(user)).json())).toEqual(SHOWN);
    const listed = (await call(context.app, { method: 'GET', url: '/api/user/all' })).json() as {
      _id: string;
    }[];
    expect(cvOf(listed.find((entry) => entry._id === user.id)!)).toEqual(SHOWN);

    // Cleared with null or empty values; what is not sent stays.
    const cleared = await edit(user, { city: null, website: '', affiliation: null, experience: [] });
    expect(cvOf(cleared.json())).toEqual({
      ...SHOWN,
      city: null,
      website: '',
      affiliation: null,
      experience: [],
    });
  });

  it('names the author’s status with their portfolios, in lists and on the portfolio, as it changes', async () => {
    const user = await signUp(context);
    const id = await publish(user);
    const authorStatus = async () => {
      const one = (await call(context.app, { method: 'GET', url: `/api/portfolio/${id}` })).json();
      const list = (
        await call(context.app, { method: 'GET', url: `/api/portfolio?author=${user.username}` })
      ).json() as { items: { _id: string; author: { openToWork: string } }[] };
      return [one.author.openToWork, list.items.find((entry) => entry._id === id)?.author.openToWork];
    };
    // Read before the edit: the kept answers must not outlive it.
    expect(await authorStatus()).toEqual(['not', 'not']);
    expect((await edit(user, { openToWork: { ...CV.openToWork, status: 'open' } })).statusCode).toBe(200);
    expect(await authorStatus()).toEqual(['open', 'open']);
  });

  it('takes a form’s text parts as JSON, and blank parts as none', async () => {
    const user = await signUp(context);
    const portfolio = await publish(user);
    const form = await multipart({
      headline: CV.headline,
      city: CV.city,
      website: CV.website,
      linkedin: CV.linkedin,
      experience: JSON.stringify(CV.experience),
      education: JSON.stringify(CV.education),
      openToWork: JSON.stringify(CV.openToWork),
      affiliation: JSON.stringify(CV.affiliation),
      pinned: JSON.stringify([portfolio]),
    });
    const response = await updateMe(context, user.token, form);
    expect(response.statusCode, response.body).toBe(200);
    expect(cvOf(response.json())).toEqual({ ...SHOWN, pinned: [portfolio] });

    const blank = await multipart({ city: '', website: '', affiliation: '', education: '', pinned: '' });
    const cleared = await updateMe(context, user.token, blank);
    expect(cvOf(cleared.json())).toEqual({
      ...SHOWN,
      city: null,
      website: '',
      affiliation: null,
      education: [],
    });
  });

  describe('refuses bad input with 422, naming the field, and stores nothing', () => {
    let user: TestUser;
    let before: unknown;
    const ids = (count: number) => Array.from({ length: count }, (_, i) => `${'a'.repeat(22)}${10 + i}`);
    beforeAll(async () => {
      user = await signUp(context);
      await edit(user, CV);
      before = cvOf((await getMe(context, user.token)).json());
    });

    it.each([
      ['headline', 'x'.repeat(81), 'headline'],
      ['headline', 42, 'headline'],
      ['city', 'moskva', 'city'],
      ['city', 7, 'city'],
      ['website', 'ftp://jasur.uz', 'website'],
      ['website', 'jasur.uz', 'website'],
      ['website', `https://${'a'.repeat(200)}.uz`, 'website'],
      ['linkedin', 'https://facebook.com/in/jasur', 'linkedin'],
      ['linkedin', 'https://www.linkedin.com/company/epam', 'linkedin'],
      ['linkedin', `https://www.linkedin.com/in/${'a'.repeat(190)}`, 'linkedin'],
      ['experience', Array.from({ length: 11 }, () => job), 'experience'],
      ['experience', [{ ...job, from: '2024-05', to: '2024-01' }], 'experience.0.to'],
      ['experience', [{ ...job, role: 'r'.repeat(81) }], 'experience.0.role'],
      ['experience', [{ ...job, company: '' }], 'experience.0.company'],
      ['experience', [{ ...job, from: 'sentabr' }], 'experience.0.from'],
      ['experience', [{ ...job, from: '1900-01' }], 'experience.0.from'],
      ['experience', 'ish joyi', 'experience'],
      ['experience', { role: 'Dasturchi' }, 'experience'],
      ['education', Array.from({ length: 6 }, () => CV.education[0]), 'education'],
      ['education', [{ school: 'TATU', from: 2022, to: 2018 }], 'education.0.to'],
      ['education', [{ school: 'TATU', from: '2018', to: null }], 'education.0.from'],
      ['education', [{ school: 's'.repeat(121), from: 2018, to: null }], 'education.0.school'],
      ['openToWork', { status: 'maybe' }, 'openToWork.status'],
      ['openToWork', { status: 'open', roles: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'openToWork.roles'],
      ['openToWork', { status: 'open', employment: ['daily'] }, 'openToWork.employment.0'],
      ['openToWork', 'yes', 'openToWork'],
      ['affiliation', { kind: 'school', name: 'Maktab' }, 'affiliation.kind'],
      ['affiliation', { kind: 'company', name: 'n'.repeat(121) }, 'affiliation.name'],
      ['affiliation', 'IT Park', 'affiliation'],
      ['pinned', ids(7), 'pinned'],
      ['pinned', ['nope'], 'pinned.0'],
      ['pinned', ids(1), 'pinned'],
      ['pinned', 'a', 'pinned'],
    ])('%s = %j', async (field, value, named) => {
      // A good change beside the bad one must not be stored either.
      const payload = {
        [field === 'headline' ? 'city' : 'headline']: field === 'headline' ? 'buxoro' : 'Boshqa',
        [field]: value,
      };
      const response = await edit(user, payload);
      expect(response.statusCode, response.body).toBe(422);
      const problem = response.json() as { code: string; errors: Record<string, string[]> };
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(problem.errors)).toEqual([named]);
      // In the reader's language, not a key.
      expect(problem.errors[named]![0]).not.toMatch(/^validation\./);
      expect(cvOf((await getMe(context, user.token)).json())).toEqual(before);
    });

    it('refuses another person’s portfolio and stores nothing', async () => {
      const other = await signUp(context);
      const theirs = await publish(other);
      const response = await edit(user, { headline: 'Boshqa', pinned: [theirs] });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        pinned: ['Faqat o‘zingizning portfoliolaringizni qadash mumkin'],
      });
      expect(cvOf((await getMe(context, user.token)).json())).toEqual(before);
    });
  });
});

describe('pinned portfolios', () => {
  it('shows up to six of the person’s own, in their order, and drops a deleted one', async () => {
    const user = await signUp(context);
    const portfolios: string[] = [];
    for (let i = 0; i < 7; i += 1) portfolios.push(await publish(user));
    const [a, b, c] = portfolios as [string, string, string];

    const pinned = await edit(user, { pinned: [c, a, b] });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(cvOf(pinned.json()).pinned).toEqual([c, a, b]);
    expect(cvOf((await view(user)).json()).pinned).toEqual([c, a, b]);

    expect((await edit(user, { pinned: portfolios })).statusCode).toBe(422);
    const six = portfolios.slice(1).reverse();
    expect(cvOf((await edit(user, { pinned: six })).json()).pinned).toEqual(six);
    expect(cvOf((await edit(user, { pinned: [b, a] })).json()).pinned).toEqual([b, a]);

    const removed = await call(context.app, {
      method: 'DELETE',
      url: `/api/portfolio/delete/${b}`,
      headers: as(user),
    });
    expect(removed.statusCode).toBe(204);
    expect(cvOf((await view(user)).json()).pinned).toEqual([a]);
    expect(cvOf((await getMe(context, user.token)).json()).pinned).toEqual([a]);

    expect(cvOf((await edit(user, { pinned: [] })).json()).pinned).toEqual([]);
  });

  it('takes edits of the pins sent at the same moment one after another', async () => {
    const user = await signUp(context);
    const [a, b, c] = [await publish(user), await publish(user), await publish(user)];
    const orders = [
      [a, b, c],
      [c, b, a],
      [b, a, c],
      [a, c],
      [c, a, b],
    ];
    const answers = await Promise.all(orders.map((pinned) => edit(user, { pinned })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(orders.map(() => 200));
    expect(orders).toContainEqual(cvOf((await getMe(context, user.token)).json()).pinned);
  });

  it('shows a hidden pinned portfolio only to its author and admins', async () => {
    const user = await signUp(context);
    const [shown, hidden] = [await publish(user), await publish(user)];
    await edit(user, { pinned: [hidden, shown] });
    expect(cvOf((await view(user)).json()).pinned).toEqual([hidden, shown]);
    const hide = await call(context.app, {
      method: 'POST',
      url: '/api/admin/hide',
      headers: as(admin),
      payload: { target: 'portfolio', id: hidden, reason: 'Sinov' },
    });
    expect(hide.statusCode, hide.body).toBe(200);

    expect(cvOf((await view(user)).json()).pinned).toEqual([shown]);
    expect(cvOf((await view(user, await signUp(context))).json()).pinned).toEqual([shown]);
    expect(cvOf((await view(user, user)).json()).pinned).toEqual([hidden, shown]);
    expect(cvOf((await view(user, admin)).json()).pinned).toEqual([hidden, shown]);
  });
});

describe('verified affiliations', () => {
  const affiliationOf = async (user: TestUser) => (await view(user)).json().affiliation as unknown;
  const newestLogEntry = async () =>
    (await call(context.app, { method: 'GET', url: '/api/admin/audit?limit=1', headers: as(admin) })).json()
      .items[0] as Record<string, unknown>;

  it('are marked by admins only, logged, and lose the mark when the person edits them', async () => {
    const user = await signUp(context);
    await edit(user, { affiliation: { kind: 'company', name: 'EPAM Systems' } });
    expect(await affiliationOf(user)).toEqual({ kind: 'company', name: 'EPAM Systems', verified: false });

    expect((await verification('PUT', user, null)).statusCode).toBe(401);
    const own = await verification('PUT', user, user);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('FORBIDDEN');
    expect((await verification('PUT', user, await signUp(context))).statusCode).toBe(403);
    expect(await affiliationOf(user)).toEqual({ kind: 'company', name: 'EPAM Systems', verified: false });

    const verified = await verification('PUT', user);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ _id: user.id, affiliation: { verified: true } });
    expect(await affiliationOf(user)).toEqual({ kind: 'company', name: 'EPAM Systems', verified: true });
    expect(await newestLogEntry()).toMatchObject({
      action: 'affiliation.verify',
      admin: { _id: admin.id },
      target: { kind: 'user', _id: user.id },
      reason: 'company: EPAM Systems',
    });

    // The same statement sent again keeps the mark; another name loses it.
    await edit(user, { headline: 'Dasturchi', affiliation: { kind: 'company', name: 'EPAM Systems' } });
    expect(await affiliationOf(user)).toMatchObject({ verified: true });
    await edit(user, { affiliation: { kind: 'company', name: 'EPAM' } });
    expect(await affiliationOf(user)).toEqual({ kind: 'company', name: 'EPAM', verified: false });

    expect((await verification('PUT', user)).statusCode).toBe(200);
    const removed = await verification('DELETE', user);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().affiliation).toEqual({ kind: 'company', name: 'EPAM', verified: false });
    expect(await affiliationOf(user)).toMatchObject({ verified: false });
    expect(await newestLogEntry()).toMatchObject({ action: 'affiliation.unverify', reason: 'company: EPAM' });
  });

  it('needs an affiliation stated, and an account that exists', async () => {
    const user = await signUp(context);
    const none = await verification('PUT', user);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('CONFLICT');
    expect((await verification('PUT', { id: 'f'.repeat(24) })).statusCode).toBe(404);
    expect((await verification('DELETE', { id: 'kimdir' })).statusCode).toBe(422);
  });
});

describe('the account’s export', () => {
  it('holds the CV and the pins', async () => {
    const user = await signUp(context);
    const portfolio = await publish(user);
    await edit(user, { ...CV, pinned: [portfolio] });
    const response = await call(context.app, {
      method: 'GET',
      url: '/api/user/me/export',
      headers: as(user),
    });
    expect(response.statusCode).toBe(200);
    expect(cvOf({ ...response.json().account, pinned: [] })).toEqual(SHOWN);
    expect(response.json().account.pinned).toEqual([portfolio]);
  });
});
