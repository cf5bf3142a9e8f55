import { describe, expect, it } from 'vitest';
import { markdownToText, shorten } from './plain-text.js';

describe('markdownToText', () => {
  it('keeps the words of headings, lists, links, images and emphasis, one sentence per line', () => {
    const markdown = [
      '# Onlayn kutubxona',
      '',
      'O‘zbek adabiyoti **asarlari** va [manba](https://example.uz) ![rasm matni](/a.png).',
      '',
      '## Imkoniyatlar',
      '- Muallif bo‘yicha *qidiruv*',
      '1. ~~Eski~~ yangi',
      '> Iqtibos',
      '---',
      '```js',
      'const secret = 1;',
      '```',
      'Kod: `npm start`, snake_case_name va _ta’kid_.',
    ].join('\n');
    expect(markdownToText(markdown)).toBe(
      'Onlayn kutubxona. O‘zbek adabiyoti asarlari va manba rasm matni. Imkoniyatlar. Muallif bo‘yicha qidiruv. ' +
        'Eski yangi. Iqtibos. Kod: npm start, snake_case_name va ta’kid.',
    );
  });

  it('drops the markup, link targets, code blocks and definitions; reads tables, entities and escapes', () => {
    const markdown = [
      '## Sarlavha ##',
      'Matn **qalin**, *qiya*, ~~o‘chirilgan~~, [havola](https://x.uz "nom") va <https://y.uz>.',
      '',
      '> > Iqtibos',
      '',
      '1. bir',
      '2. [x] ikki',
      '',
      '| Ustun | Qiymat |',
      '| --- | --- |',
      '| a | `b < c` |',
      '',
      '    chekinishli kod',
      '',
      '![alt matni](rasm.png)',
      '',
      '[izoh]: https://z.uz',
      '',
      '---',
      'Oxirgi\\* qator&nbsp;&#x41;&#66;&copy;',
    ].join('\n');
    expect(markdownToText(markdown)).toBe(
      'Sarlavha. Matn qalin, qiya, o‘chirilgan, havola va https://y.uz. Iqtibos. bir. ikki. Ustun Qiymat. ' +
        'a b < c. alt matni. Oxirgi* qator AB&copy;',
    );
  });

  it('keeps an indented line that continues a list item', () => {
    expect(markdownToText('- bir\n\n    davomi')).toBe('bir. davomi.');
  });

  it('keeps the text of HTML but not its tags, scripts or styles', () => {
    expect(markdownToText('<b>qalin</b> <script>alert(1)</script> matn')).toBe('qalin matn.');
    expect(
      markdownToText(
        '<div class="x">Salom <b>dunyo</b></div>\n\n<script>alert(1)</script>\n\nmatn <i>ichida</i>',
      ),
    ).toBe('Salom dunyo. matn ichida.');
    expect(markdownToText('<style>p { color: red }</style>\n\nqoldi')).toBe('qoldi.');
    expect(markdownToText('a < b va c > d')).toBe('a < b va c > d.');
  });

  it('is empty for an empty description', () => {
    expect(markdownToText('')).toBe('');
    expect(markdownToText('```\nfaqat kod\n```')).toBe('');
    expect(markdownToText('~~~\nochiq qolgan kod')).toBe('');
  });
});

describe('shorten', () => {
  it('leaves short text alone, with its whitespace collapsed', () => {
    expect(shorten('qisqa matn', 300)).toBe('qisqa matn');
    expect(shorten('  qisqa   matn ', 160)).toBe('qisqa matn');
    expect(shorten('x'.repeat(300), 300)).toBe('x'.repeat(300));
  });

  it('cuts after a whole word near the limit and adds an ellipsis', () => {
    const text = `${'soz '.repeat(100)}oxiri`;
    const short = shorten(text, 300);
    expect(short.length).toBeLessThanOrEqual(300);
    expect(short.length).toBeGreaterThan(290);
    expect(short).toMatch(/soz…$/);
    const cut = shorten('so‘z '.repeat(60), 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('so‘z…')).toBe(true);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const short = shorten('😀'.repeat(400), 300);
    expect(Array.from(short)).toHaveLength(300);
    expect(short.endsWith('😀…')).toBe(true);
    expect(new TextDecoder().decode(new TextEncoder().encode(short))).toBe(short);
  });
});
