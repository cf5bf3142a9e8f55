import { describe, expect, it } from 'vitest';
import { expectWellFormed, parseXml } from '../../test/xml.js';
import { element, escapeAttribute, escapeText, xmlSafe } from './xml.js';

describe('XML escaping', () => {
  const hostile =
    '<script>alert("x")</script> & \'q\' ]]> \u0000\u0001\u0008\u000b\u000c\u001f\ud800\ufffe\uffff';

  it('drops the characters XML 1.0 cannot carry and keeps every other one', () => {
    expect(xmlSafe(hostile)).toBe('<script>alert("x")</script> & \'q\' ]]> ');
    const kept = '\t\n\r ~\u00a0ўқғҳ\ud7ff\ue000\ufffd😀\u{10ffff}';
    expect(xmlSafe(kept)).toBe(kept);
  });

  it('escapes text and attributes so that a parser gives the same text back', async () => {
    const value = `${hostile} tab\tline\nreturn\r end`;
    const xml = `<a title="${escapeAttribute(value)}" other='${escapeAttribute(value)}'>${escapeText(value)}</a>`;
    await expectWellFormed(xml);
    const root = parseXml(xml).documentElement!;
    const expected = xmlSafe(value);
    expect(root.textContent).toBe(expected);
    expect(root.getAttribute('title')).toBe(expected);
    expect(root.getAttribute('other')).toBe(expected);
  });

  it('leaves plain ASCII as it is', () => {
    const url = "https://example.uz/portfolio/ali_Kutubxona-1.0?filter=React%2CGo&x='y'";
    expect(escapeText(url)).toBe(url.replace('&', '&amp;'));
    expect(escapeText('2026-11-24T09:00:00.000Z')).toBe('2026-11-24T09:00:00.000Z');
  });

  it('builds elements with escaped attributes and text, leaving out undefined attributes', () => {
    expect(element('category', { term: 'R&D "x"', label: undefined })).toBe(
      '<category term="R&amp;D &quot;x&quot;"/>',
    );
    expect(element('title', { type: 'text' }, 'a < b')).toBe('<title type="text">a &lt; b</title>');
  });
});
