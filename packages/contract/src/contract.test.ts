import { describe, expect, it } from 'vitest';
import {
  booleanField,
  commentBodySchema,
  createPortfolioBodySchema,
  emailSchema,
  listSort,
  loginBodySchema,
  NUL_MESSAGE,
  portfolioListQuerySchema,
  registerBodySchema,
  sendVerificationBodySchema,
  splitList,
  updateMeBodySchema,
  usernameSchema,
} from './index.js';

describe('splitList', () => {
  it('splits strings on commas, trims, drops empties and keeps the first spelling of duplicates', () => {
    expect(splitList('React, react , REACT,, Node.js ')).toEqual(['React', 'Node.js']);
    expect(splitList(['Vue', 'vue', 'Go, Rust'])).toEqual(['Vue', 'Go', 'Rust']);
    expect(splitList(undefined)).toBeUndefined();
  });

  it('passes non-strings through so the schema can refuse them', () => {
    expect(splitList([1, 'a'])).toEqual([1, 'a']);
  });
});

describe('form coercion', () => {
  it('reads booleans from form strings', () => {
    expect(booleanField.parse('true')).toBe(true);
    expect(booleanField.parse('0')).toBe(false);
    expect(booleanField.parse(false)).toBe(false);
    expect(booleanField.safeParse('maybe').success).toBe(false);
  });

  it('reads pages and limits from query strings with bounds', () => {
    const unsorted = portfolioListQuerySchema.parse({ page: '3', limit: '50' });
    expect(unsorted).toMatchObject({ page: 3, limit: 50 });
    // No order named: newest first, or best match first for a search.
    expect(listSort(unsorted.sort, false)).toBe('new');
    expect(listSort(unsorted.sort, true)).toBe('relevance');
    expect(listSort(portfolioListQuerySchema.parse({ sort: 'popular' }).sort, true)).toBe('popular');
    expect(listSort(portfolioListQuerySchema.parse({ sort: 'relevance' }).sort, false)).toBe('new');
    expect(portfolioListQuerySchema.safeParse({ sort: 'best' }).success).toBe(false);
    expect(portfolioListQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(portfolioListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(portfolioListQuerySchema.parse({ filter: 'react, NODE' }).filter).toEqual(['react', 'NODE']);
  });
});

describe('account fields', () => {
  it('normalises emails and refuses malformed ones', () => {
    expect(emailSchema.parse('  Ali@Example.UZ ')).toBe('ali@example.uz');
    expect(emailSchema.safeParse('ali@').success).toBe(false);
  });

  it('refuses reserved and id-shaped usernames', () => {
    expect(usernameSchema.parse('ali_dev')).toBe('ali_dev');
    for (const name of ['me', 'ALL', '0123456789abcdef01234567', 'ab', 'a b', '_ali', 'x'.repeat(31)]) {
      expect(usernameSchema.safeParse(name).success, name).toBe(false);
    }
  });
});

describe('U+0000 in account fields', () => {
  /** A valid value for every text field of the account bodies; a field missing here fails the test. */
  const samples: Record<string, string | string[]> = {
    username: 'ali_dev',
    firstname: 'Ali',
    lastname: 'Valiyev',
    email: 'ali@example.uz',
    password: 'yashil-olma-daraxti-42',
    currentPassword: 'eski-parol-42',
    description: 'Dasturchi',
    skills: ['Go', 'Rust'],
    githubProfile: 'https://github.com/ali',
    telegramProfile: '@ali',
    headline: 'Frontend dasturchi, React',
    website: 'https://ali.uz',
    linkedin: 'https://www.linkedin.com/in/ali',
  };
  /** Not free text: a file, a flag, a code, and the structured fields (checked below, inside). */
  const notText = new Set([
    'image',
    'emailPublic',
    'city',
    'experience',
    'education',
    'openToWork',
    'affiliation',
    'pinned',
  ]);
  const withNul = (value: string | string[]) =>
    Array.isArray(value) ? [...value.slice(1), `${value[0]}\u0000`] : `${value}\u0000x`;

  it.each([
    ['register', registerBodySchema],
    ['login', loginBodySchema],
    ['send-verification', sendVerificationBodySchema],
    ['update', updateMeBodySchema],
  ] as const)('%s refuses it in every text field with a message for that field', (_name, schema) => {
    const fields = Object.keys(schema.shape).filter((field) => !notText.has(field));
    const valid = Object.fromEntries(fields.map((field) => [field, samples[field]]));
    for (const field of fields) {
      expect(samples[field], `a sample value for ${field}`).toBeDefined();
      expect(schema.safeParse(valid).success, field).toBe(true);
      const result = schema.safeParse({ ...valid, [field]: withNul(samples[field]!) });
      expect(result.success, field).toBe(false);
      const messages = result
        .error!.issues.filter((issue) => issue.path[0] === field)
        .map((issue) => issue.message);
      expect(messages, field).toContain(NUL_MESSAGE);
    }
  });
});

describe('a profile as a CV', () => {
  const job = { role: 'Dasturchi', company: 'EPAM', from: '2023-09', to: null };
  const school = { school: 'TATU', field: 'Dasturiy injiniring', from: 2018, to: 2022 };
  const issues = (body: Record<string, unknown>) =>
    updateMeBodySchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('refuses U+0000 in every text inside the structured fields', () => {
    const nul = 'x\u0000';
    expect(issues({ experience: [{ ...job, role: nul }] })).toEqual([['experience.0.role', NUL_MESSAGE]]);
    expect(issues({ experience: [{ ...job, company: nul }] })).toEqual([
      ['experience.0.company', NUL_MESSAGE],
    ]);
    expect(issues({ education: [{ ...school, school: nul }] })).toEqual([
      ['education.0.school', NUL_MESSAGE],
    ]);
    expect(issues({ education: [{ ...school, field: nul }] })).toEqual([['education.0.field', NUL_MESSAGE]]);
    expect(issues({ openToWork: { status: 'open', roles: [nul] } })).toEqual([
      ['openToWork.roles', NUL_MESSAGE],
    ]);
    expect(issues({ affiliation: { kind: 'company', name: nul } })).toEqual([
      ['affiliation.name', NUL_MESSAGE],
    ]);
  });

  it('reads the structured fields from a form’s text parts as JSON, a blank part as none', () => {
    const parsed = updateMeBodySchema.parse({
      experience: JSON.stringify([job]),
      education: '',
      openToWork: '{"status":"looking","employment":["full","full"],"remote":"true"}',
      affiliation: '',
      pinned: '["0123456789abcdef01234567"]',
      city: '',
    });
    expect(parsed).toEqual({
      experience: [job],
      education: [],
      openToWork: { status: 'looking', roles: [], employment: ['full'], remote: true },
      affiliation: null,
      pinned: ['0123456789abcdef01234567'],
      city: null,
    });
    expect(issues({ experience: '[{' })).toEqual([['experience', 'validation.experience.list']]);
  });

  it('keeps dates in order and within the years a CV names', () => {
    expect(issues({ experience: [{ ...job, to: '2023-08' }] })).toEqual([
      ['experience.0.to', 'validation.experience.order'],
    ]);
    expect(issues({ experience: [{ ...job, to: '2023-09' }] })).toBeUndefined();
    expect(issues({ experience: [{ ...job, from: '2023-9' }] })).toEqual([
      ['experience.0.from', 'validation.experience.month'],
    ]);
    expect(issues({ education: [{ ...school, from: 1900 }] })).toEqual([
      ['education.0.from', 'validation.years.range'],
    ]);
    expect(issues({ education: [{ ...school, to: 2017 }] })).toEqual([
      ['education.0.to', 'validation.education.order'],
    ]);
  });

  it('takes LinkedIn profiles only, and web addresses only', () => {
    for (const linkedin of ['https://www.linkedin.com/in/ali-dev/', 'https://uz.linkedin.com/in/ali']) {
      expect(issues({ linkedin }), linkedin).toBeUndefined();
    }
    for (const linkedin of ['https://linkedin.com/company/epam', 'http://evil.uz/in/x', '@ali']) {
      expect(issues({ linkedin }), linkedin).toEqual([['linkedin', 'validation.linkedin.format']]);
    }
    expect(issues({ website: 'javascript:alert(1)' })).toEqual([['website', 'validation.website.format']]);
  });
});

describe('portfolio fields', () => {
  const valid = { title: 'Loyiha', url: 'https://example.uz', used: 'React' };

  it('accepts http(s) addresses only', () => {
    expect(createPortfolioBodySchema.safeParse(valid).success).toBe(true);
    for (const url of ['javascript:alert(1)', 'ftp://example.uz', 'example.uz', 'https://']) {
      expect(createPortfolioBodySchema.safeParse({ ...valid, url }).success, url).toBe(false);
    }
    expect(createPortfolioBodySchema.parse({ ...valid, repoUrl: '' }).repoUrl).toBeNull();
  });

  it('needs one to twenty technologies', () => {
    expect(createPortfolioBodySchema.safeParse({ ...valid, used: ' , ' }).success).toBe(false);
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect(createPortfolioBodySchema.safeParse({ ...valid, used: many }).success).toBe(false);
  });

  it('measures comment bodies after trimming but keeps them as typed', () => {
    expect(commentBodySchema.parse({ body: '  salom  ' }).body).toBe('  salom  ');
    expect(commentBodySchema.safeParse({ body: '   ' }).success).toBe(false);
    expect(commentBodySchema.safeParse({ body: ` ${'a'.repeat(2000)} ` }).success).toBe(true);
    expect(commentBodySchema.safeParse({ body: 'a'.repeat(2001) }).success).toBe(false);
  });
});
