import { describe, expect, it } from 'vitest';
import { readmeBeginning, technologiesOf, titleOf } from './github-draft.js';

/* What a repository's name, README, languages and topics become in the form (docs/decisions/0052). */

describe('readmeBeginning', () => {
  it('keeps the words and drops headings, badges, pictures, HTML and code', () => {
    const readme = [
      '<h1 align="center">Ob-havo boti</h1>',
      '<p align="center"><img src="logo.svg" width="120"></p>',
      '# Ob-havo boti',
      '[![npm](https://img.shields.io/npm/v/x.svg)](https://npmjs.com/x) ![CI](https://ci/badge.svg)',
      '<!-- izoh -->',
      '<script>alert(1)</script>',
      'Telegram’da **ob-havo** ma’lumotini <b>yuboradi</b>: [Toshkent](https://t.me/x) va boshqa shaharlar.',
      '',
      '    indented code',
      '```js',
      'console.log("kod")',
      '```',
      '- Tez',
      '- Bepul',
    ].join('\n');
    expect(readmeBeginning(readme)).toBe(
      'Telegram’da ob-havo ma’lumotini yuboradi: Toshkent va boshqa shaharlar. Tez. Bepul.',
    );
  });

  it('cuts after a word near 600 characters', () => {
    const text = readmeBeginning('so‘z '.repeat(1000));
    expect(text.length).toBeLessThanOrEqual(600);
    expect(text.endsWith('so‘z…')).toBe(true);
  });

  it('is empty for a README of headings and badges only', () => {
    expect(readmeBeginning('# Nom\n\n[![a](b)](c)\n<img src="x">\n')).toBe('');
  });
});

describe('titleOf', () => {
  it('turns the name into words with a capital, keeping the owner of a name too short', () => {
    expect(titleOf({ owner: 'a', name: 'my-todo_app.v2' }, 'my-todo_app.v2')).toBe('My todo app v2');
    expect(titleOf({ owner: 'vali', name: 'ui' }, 'ui')).toBe('Vali/ui');
    expect(titleOf({ owner: 'a', name: 'x' }, 'x'.repeat(100)).length).toBeLessThanOrEqual(120);
  });
});

describe('technologiesOf', () => {
  it('orders languages by code, drops the small ones, then adds topics in the usual or the site’s spelling', () => {
    const used = technologiesOf(
      [
        ['TypeScript', 9000],
        ['Shell', 100],
        ['CSS', 900],
      ],
      ['nodejs', 'typescript', 'machine-learning', 'tailwindcss', 'node'],
      new Map([['tailwind css', 'TailwindCSS ']]),
    );
    expect(used).toEqual(['TypeScript', 'CSS', 'Node.js', 'Machine learning', 'TailwindCSS ']);
  });

  it('names listed spellings as the site keeps them, once', () => {
    const used = technologiesOf(
      [['JavaScript', 100]],
      ['reactjs', 'react', 'js', 'postgres', 'java'],
      new Map(),
    );
    expect(used).toEqual(['JavaScript', 'React', 'PostgreSQL', 'Java']);
  });
});

describe('a hostile README', () => {
  it('is read in time however its tags are left open', () => {
    const started = Date.now();
    readmeBeginning(`${'<h1 x'.repeat(20_000)}${'<!--'.repeat(5000)}${'[!['.repeat(5000)}`);
    readmeBeginning('<h2>'.repeat(20_000));
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
