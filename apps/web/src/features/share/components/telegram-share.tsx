import { TelegramIcon } from '../../../components/icons';
import { useTexts } from '../../../i18n/uz';
import { siteUrl, useSiteFacts } from '../../../lib/site-url';

/**
 * "Telegramda ulashish": Telegram's share page with this page's address and its title. Telegram shows
 * the page's own preview card (its Open Graph tags and `og:image`).
 */
export function TelegramShare({ path, text }: { path: string; text: string }) {
  const uz = useTexts();
  const site = useSiteFacts();
  const href = `https://t.me/share/url?url=${encodeURIComponent(siteUrl(site, path))}&text=${encodeURIComponent(text)}`;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="button button--ghost">
      <TelegramIcon />
      {uz.share.telegram}
    </a>
  );
}
