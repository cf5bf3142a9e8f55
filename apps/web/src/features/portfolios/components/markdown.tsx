import { RenderedHtml } from '../../../components/rendered-html';

/**
 * A portfolio description as the server rendered it from Markdown (`descriptionHtml`: no raw HTML, only
 * http(s), mailto and in-site links). The browser has no Markdown parser of its own.
 */
export function Markdown({ html }: { html: string }) {
  return <RenderedHtml className="markdown" html={html} />;
}
