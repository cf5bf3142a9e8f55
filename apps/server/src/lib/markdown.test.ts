import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './markdown.js';

const proxied = (url: string) => `/image/remote/mac/${Buffer.from(url).toString('base64url')}`;
const renderMarkdown = createMarkdownRenderer({ imageSource: proxied });

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    expect(renderMarkdown('**qalin** va `kod`')).toContain('<strong>qalin</strong>');
  });

  it('shows raw HTML as text', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;');
  });

  it('lets the keyboard reach code blocks, and only real ones', () => {
    const html = renderMarkdown('```\nnpm start\n```\n\n<pre>raw</pre>');
    expect(html).toContain('<pre tabindex="0"><code>npm start');
    expect(html).toContain('&lt;pre&gt;raw&lt;/pre&gt;');
    expect(html.match(/<pre/g)).toHaveLength(1);
  });

  it('drops javascript: links but keeps their text', () => {
    const html = renderMarkdown('[bos](javascript:alert(1)) [ok](https://example.com)');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('bos');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="nofollow noopener noreferrer"');
  });

  it('loads pictures from other sites through the proxy, and the site’s own as written', () => {
    const html = renderMarkdown(
      '![Sxema](https://example.com/a.png) ![Ichki](/image/0123456789abcdef01234567.webp)',
    );
    expect(html).toContain(
      `<img src="${proxied('https://example.com/a.png')}" alt="Sxema" loading="lazy" decoding="async">`,
    );
    expect(html).toContain('<img src="/image/0123456789abcdef01234567.webp" alt="Ichki" loading="lazy"');
    expect(html).not.toContain('example.com');
  });

  it('shows the words of a picture it cannot load', () => {
    const html = createMarkdownRenderer({ imageSource: () => null })(
      '![uzun](https://example.com/a.png) ![xat](mailto:a@b.uz) ![skript](javascript:alert(1)) ![yarim](//example.com/b.png)',
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('uzun');
    expect(html).toContain('skript');
    expect(html).not.toContain('javascript:');
  });

  it('keeps each renderer’s answers to itself', () => {
    const source = '![rasm](https://example.com/shared.png)';
    const first = createMarkdownRenderer({ imageSource: () => '/image/remote/birinchi/x' });
    const second = createMarkdownRenderer({ imageSource: () => '/image/remote/ikkinchi/x' });
    expect(first(source)).toContain('/image/remote/birinchi/x');
    expect(second(source)).toContain('/image/remote/ikkinchi/x');
    expect(first(source)).toContain('/image/remote/birinchi/x');
  });
});
