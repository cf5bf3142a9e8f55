import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, ReadyDocument } from './ready-document.js';

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity, deflate', 'identity'],
    ['BR', 'br'],
    ['gzip;q=0', 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('ReadyDocument', () => {
  const text = `<feed>${'yozuv '.repeat(500)}</feed>`;

  it('compresses once per encoding to bytes that give the text back', async () => {
    const document = new ReadyDocument(text, 'application/xml');
    expect(document.compressible).toBe(true);
    const br = await document.encoded('br');
    expect(zlib.brotliDecompressSync(br).toString()).toBe(text);
    expect(zlib.gunzipSync(await document.encoded('gzip')).toString()).toBe(text);
    expect(await document.encoded('br')).toBe(br);
    expect(new ReadyDocument('<a/>', 'application/xml').compressible).toBe(false);
  });

  it('has one ETag per encoding, and any of them, weak or strong, matches', () => {
    const document = new ReadyDocument(text, 'application/xml');
    const tags = (['identity', 'gzip', 'br'] as const).map((encoding) => document.etag(encoding));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) {
      expect(document.matches(tag)).toBe(true);
      expect(document.matches(`"x", W/${tag}`)).toBe(true);
    }
    expect(document.matches('*')).toBe(true);
    expect(document.matches(undefined)).toBe(false);
    expect(document.matches('"x"')).toBe(false);
    expect(document.matches(new ReadyDocument(`${text} `, 'application/xml').etag('identity'))).toBe(false);
  });
});
