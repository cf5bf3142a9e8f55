import { describe, expect, it } from 'vitest';
import { markdownToText, truncate } from './head';

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

  it('drops raw HTML tags but keeps their text', () => {
    expect(markdownToText('<b>qalin</b> <script>alert(1)</script> matn')).toBe('qalin alert(1) matn.');
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text at a word with an ellipsis, within the limit', () => {
    expect(truncate('  qisqa   matn ')).toBe('qisqa matn');
    const long = 'so‘z '.repeat(60);
    const cut = truncate(long, 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('so‘z…')).toBe(true);
  });
});
