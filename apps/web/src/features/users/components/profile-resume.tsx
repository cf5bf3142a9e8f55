import type { User } from '@portfolio-master/contract';
import { fullName } from '../../../components/avatar';
import { useT } from '../../../i18n/translator';
import { useHref } from '../../../lib/router';
import { siteUrl, useSiteFacts } from '../../../lib/site-url';
import { EmbedSnippets } from '../../share/components/embed-snippets';
import { escapeHtml, escapeMarkdown } from '../../share/snippet-text';

/** The profile's SVG card as it is drawn (decision 42): its size in CSS pixels. */
export const PROFILE_CARD_SIZE = { width: 495, height: 195 };

/**
 * The CV's other forms (the print page, its PDF, JSON Resume; decision 41) and the card for a README
 * (decision 42), in the page's language. A hidden or blocked profile has neither: nobody else can open
 * them, so its owner is not offered them.
 */
export function ProfileResume({ user }: { user: User }) {
  const t = useT();
  const site = useSiteFacts();
  const username = encodeURIComponent(user.username);
  const profile = useHref(`/profile/${username}`);
  const cv = useHref(`/profile/${username}/cv`);
  const resume = useHref(`/profile/${username}/resume.json`);
  const card = useHref(`/embed/profile/${username}.svg`);
  if (user.hidden || user.blocked) return null;
  const name = fullName(user);
  const profileUrl = siteUrl(site, profile);
  const cardUrl = siteUrl(site, card);
  return (
    <section className="panel" aria-labelledby="resume-title">
      <h2 id="resume-title" className="panel__title">
        {t('resume.title')}
      </h2>
      <ul className="resume-links">
        <li>
          <a href={cv}>{t('resume.page')}</a>
        </li>
        <li>
          <a href={`${cv}.pdf`}>{t('resume.pdf')}</a>
        </li>
        <li>
          <a href={resume}>{t('resume.json')}</a>
        </li>
      </ul>
      <EmbedSnippets
        title={t('share.embed.profile')}
        preview={
          <img
            className="embed-snippets__preview"
            src={card}
            alt={name}
            width={PROFILE_CARD_SIZE.width}
            height={PROFILE_CARD_SIZE.height}
            loading="lazy"
          />
        }
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
    </section>
  );
}
