import { describe, expect, it } from 'vitest';
import {
  booleanField,
  commentBodySchema,
  createPortfolioBodySchema,
  emailSchema,
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
    expect(portfolioListQuerySchema.parse({ page: '3', limit: '50' })).toMatchObject({
      page: 3,
      limit: 50,
      sort: 'new',
    });
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
  };
  const notText = new Set(['image', 'emailPublic']);
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
