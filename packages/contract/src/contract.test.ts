import { describe, expect, it } from 'vitest';
import {
  booleanField,
  commentBodySchema,
  createPortfolioBodySchema,
  emailSchema,
  portfolioListQuerySchema,
  splitList,
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
