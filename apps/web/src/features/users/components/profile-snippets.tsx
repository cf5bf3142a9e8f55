import type { User } from '@portfolio-master/contract';
import { fullName } from '../../../components/avatar';
import { useT } from '../../../i18n/translator';
import { useHref } from '../../../lib/router';
import { siteUrl, useSiteFacts } from '../../../lib/site-url';
import { SnippetFields } from '../../share/components/snippet-fields';
import { escapeHtml, escapeMarkdown } from '../../share/snippet-text';

/** The profile's SVG card as it is drawn (decision 42): its size in CSS pixels. */
export const PROFILE_CARD_SIZE = { width: 495, height: 195 };

/** The profile's card for a README (decision 42): how it looks, and the texts that show it, to copy. */
export function ProfileSnippets({ user }: { user: User }) {
  const t = useT();
  const site = useSiteFacts();
  const username = encodeURIComponent(user.username);
  const profile = useHref(`/profile/${username}`);
  const card = useHref(`/embed/profile/${username}.svg`);
  const profileUrl = siteUrl(site, profile);
  const cardUrl = siteUrl(site, card);
  const name = fullName(user);
  return (
    <>
      <img
        className="embed-snippets__preview"
        src={card}
        alt={name}
        width={PROFILE_CARD_SIZE.width}
        height={PROFILE_CARD_SIZE.height}
        loading="lazy"
      />
      <SnippetFields
        snippets={[
          {
            label: t('share.embed.markdown'),
            code: `[![${escapeMarkdown(name)}](${cardUrl})](${profileUrl})`,
          },
          {
            label: t('share.embed.picture'),
            code:
              `<a href="${escapeHtml(profileUrl)}"><picture>` +
              `<source media="(prefers-color-scheme: dark)" srcset="${escapeHtml(cardUrl)}?theme=dark">` +
              `<img alt="${escapeHtml(name)}" src="${escapeHtml(cardUrl)}" width="${PROFILE_CARD_SIZE.width}">` +
              `</picture></a>`,
          },
          { label: t('share.embed.address'), code: profileUrl },
        ]}
      />
    </>
  );
}
