import { describe, expect, it } from 'vitest';
import { markdownToText, shorten } from './plain-text.js';

describe('Markdown to plain text', () => {
  it('keeps the words and drops the markup, link targets, images and code blocks', () => {
    const markdown = [
      '## Sarlavha',
      'Matn **qalin**, *qiya*, ~~o‘chirilgan~~, [havola](https://x.uz "nom") va <https://y.uz>.',
      '',
      '> Iqtibos',
      '',
      '1. bir',
      '2. ikki',
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
      'Sarlavha Matn qalin, qiya, o‘chirilgan, havola va https://y.uz. Iqtibos bir ikki Ustun Qiymat a ' +
        'b < c Oxirgi* qator AB&copy;',
    );
  });

  it('keeps the text of HTML but not its tags, scripts or styles', () => {
    expect(
      markdownToText(
        '<div class="x">Salom <b>dunyo</b></div>\n\n<script>alert(1)</script>\n\nmatn <i>ichida</i>',
      ),
    ).toBe('Salom dunyo matn ichida');
    expect(markdownToText('<style>p { color: red }</style>\n\nqoldi')).toBe('qoldi');
  });

  it('is empty for an empty description', () => {
    expect(markdownToText('')).toBe('');
    expect(markdownToText('```\nfaqat kod\n```')).toBe('');
  });
});

describe('shorten', () => {
  it('leaves short text alone', () => {
    expect(shorten('qisqa matn', 300)).toBe('qisqa matn');
    expect(shorten('x'.repeat(300), 300)).toBe('x'.repeat(300));
  });

  it('cuts after a whole word near the limit and adds an ellipsis', () => {
    const text = `${'soz '.repeat(100)}oxiri`;
    const short = shorten(text, 300);
    expect(short.length).toBeLessThanOrEqual(300);
    expect(short.length).toBeGreaterThan(290);
    expect(short).toMatch(/soz…$/);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const short = shorten('😀'.repeat(400), 300);
    expect(Array.from(short)).toHaveLength(300);
    expect(short.endsWith('😀…')).toBe(true);
    expect(Buffer.from(short).toString()).toBe(short);
  });
});
