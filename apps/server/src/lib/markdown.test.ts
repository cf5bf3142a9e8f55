import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.js';

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
});
