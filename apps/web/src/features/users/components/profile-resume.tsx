import type { User } from '@portfolio-master/contract';
import { lazy } from 'react';
import { withMessages } from '../../../i18n/messages';
import { useT } from '../../../i18n/translator';
import { useHref } from '../../../lib/router';
import { EmbedSnippets } from '../../share/components/embed-snippets';

const loadSnippets = withMessages(
  'src/features/users/components/profile-snippets.tsx',
  () => import('./profile-snippets'),
);
const ProfileSnippets = lazy(() => loadSnippets().then((module) => ({ default: module.ProfileSnippets })));

/**
 * The CV's other forms (the print page, its PDF, JSON Resume; decision 41) and the card for a README
 * (decision 42), in the page's language. A hidden or blocked profile has neither: nobody else can open
 * them, so its owner is not offered them.
 */
export function ProfileResume({ user }: { user: User }) {
  const t = useT();
  const username = encodeURIComponent(user.username);
  const cv = useHref(`/profile/${username}/cv`);
  const resume = useHref(`/profile/${username}/resume.json`);
  if (user.hidden || user.blocked) return null;
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
      <EmbedSnippets title={t('share.embed.profile')}>
        <ProfileSnippets user={user} />
      </EmbedSnippets>
    </section>
  );
}
