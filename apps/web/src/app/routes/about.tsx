import { Link } from '../../lib/router';
import { BackBar } from '../../components/back-bar';
import { useT } from '../../i18n/translator';
import { shorten } from '@portfolio-master/contract/shorten';
import { DESCRIPTION_LENGTH, title } from '../../lib/head';
import type { Page } from '../route';

export function AboutRoute() {
  const t = useT();
  return (
    <div className="container page page--narrow">
      <BackBar />
      <h1>{t('about.title')}</h1>
      <p className="lead">{t('about.intro')}</p>
      <div className="about-grid">
        <section className="panel">
          <h2>{t('about.visitorsTitle')}</h2>
          <p>{t('about.visitors')}</p>
        </section>
        <section className="panel">
          <h2>{t('about.membersTitle')}</h2>
          <p>{t('about.members')}</p>
        </section>
      </div>
      <p className="actions">
        <Link to="/create" className="button button--primary">
          {t('about.start')}
        </Link>
        <Link to="/page/1" className="button button--ghost">
          {t('about.browse')}
        </Link>
      </p>
    </div>
  );
}

export const page: Page = {
  Component: AboutRoute,
  head: ({ t }) => ({
    title: title(t, t('about.title')),
    description: shorten(t('about.intro'), DESCRIPTION_LENGTH),
    canonical: '/about',
    type: 'website',
  }),
};
