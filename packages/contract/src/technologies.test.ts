import { describe, expect, it } from 'vitest';
import {
  keptTechnologyName,
  keptTechnologyNames,
  TECHNOLOGY_ALIASES,
  technologyAliasKey,
} from './technologies.js';

describe('the technology alias list', () => {
  it.each([
    ['React', 'React'],
    ['ReactJS', 'React'],
    ['React.js', 'React'],
    ['react js', 'React'],
    ['  REACT.JS ', 'React'],
    ['Node', 'Node.js'],
    ['NodeJS', 'Node.js'],
    ['nodejs', 'Node.js'],
    ['JS', 'JavaScript'],
    ['javascript', 'javascript'],
    ['Postgres', 'PostgreSQL'],
    ['POSTGRESQL', 'POSTGRESQL'],
    ['golang', 'Go'],
    ['tailwindcss', 'Tailwind CSS'],
    ['c sharp', 'C#'],
    // Only case differs: the same technology already, as the site first wrote it.
    ['node.js', 'node.js'],
  ])('keeps %j as %j', (typed, kept) => {
    expect(keptTechnologyName(typed)).toBe(kept);
  });

  it.each([
    ['Java', 'Java'],
    ['C', 'C'],
    ['Reactive', 'Reactive'],
    ['Preact', 'Preact'],
    ['  Ruby   on  Rails ', 'Ruby on Rails'],
    ['Nodemon', 'Nodemon'],
    ['Кутубхона', 'Кутубхона'],
  ])('keeps an unlisted name as typed: %j', (typed, kept) => {
    expect(keptTechnologyName(typed)).toBe(kept);
  });

  it('never folds two listed technologies together, nor Java with JavaScript', () => {
    const owner = new Map<string, string>();
    for (const [kept, spellings] of Object.entries(TECHNOLOGY_ALIASES)) {
      for (const spelling of [kept, ...spellings]) {
        const key = technologyAliasKey(spelling);
        expect(owner.get(key) ?? kept, `${spelling} is listed under two names`).toBe(kept);
        owner.set(key, kept);
        expect(keptTechnologyName(spelling)).toBe(kept);
      }
    }
    expect(owner.has(technologyAliasKey('Java'))).toBe(false);
    expect(keptTechnologyName('Java')).not.toBe(keptTechnologyName('JavaScript'));
    expect(keptTechnologyName('C')).not.toBe(keptTechnologyName('C++'));
    expect(keptTechnologyName('C++')).not.toBe(keptTechnologyName('C#'));
  });

  it('lists every kept name at most the site’s length and without a comma, as the form takes them', () => {
    for (const [kept, spellings] of Object.entries(TECHNOLOGY_ALIASES)) {
      for (const spelling of [kept, ...spellings]) {
        expect(spelling.length).toBeLessThanOrEqual(40);
        expect(spelling).not.toContain(',');
        expect(spelling.trim()).toBe(spelling);
      }
    }
  });

  it('folds a list to kept names, each once, in the order first named', () => {
    expect(keptTechnologyNames(['ReactJS', 'TypeScript', 'React.js', 'react', 'TS', ' ', 'Java'])).toEqual([
      'React',
      'TypeScript',
      'Java',
    ]);
    expect(keptTechnologyNames(['Vue.js', 'vue'])).toEqual(['Vue']);
    expect(keptTechnologyNames(['Foo', 'foo ', 'FOO'])).toEqual(['Foo']);
  });
});
