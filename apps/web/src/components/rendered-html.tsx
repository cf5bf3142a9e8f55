import { LOCALE_INFO } from '@portfolio-master/i18n/locales';
import { useLocale } from '../i18n/translator';

/** The server writes a mention as a link to `/profile/{username}`, in no language of its own. */
const MENTION_HREF = /href="\/profile\//g;

/**
 * Text the server rendered from Markdown (a description, a comment): no raw HTML, only http(s), mailto and
 * in-site links. Its mentions lead to the profile in the reader's language, as every other link does.
 */
export function RenderedHtml({ html, className }: { html: string; className: string }) {
  const prefix = LOCALE_INFO[useLocale()].prefix;
  const localized = prefix === '' ? html : html.replace(MENTION_HREF, `href="${prefix}/profile/`);
  return <div className={className} dangerouslySetInnerHTML={{ __html: localized }} />;
}
