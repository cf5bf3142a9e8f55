import { TelegramIcon } from '../../../components/icons/telegram';
import { useT } from '../../../i18n/translator';
import { useHref } from '../../../lib/router';
import { siteUrl, useSiteFacts } from '../../../lib/site-url';

/**
 * "Telegramda ulashish": Telegram's share page with this page's address and its title. Telegram shows
 * the page's own preview card (its Open Graph tags and `og:image`).
 */
export function TelegramShare({ path, text }: { path: string; text: string }) {
  const t = useT();
  const site = useSiteFacts();
  // The page in the language it is shared from.
  const address = useHref(path);
  const href = `https://t.me/share/url?url=${encodeURIComponent(siteUrl(site, address))}&text=${encodeURIComponent(text)}`;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="button button--ghost">
      <TelegramIcon />
      {t('share.telegram')}
    </a>
  );
}
