import { Link } from '../../lib/router';
import { BackBar } from '../../components/back-bar';
import { useTexts } from '../../i18n/uz';
import { shorten } from '@portfolio-master/contract/plain-text';
import { DESCRIPTION_LENGTH, title } from '../../lib/head';
import type { Page } from '../route';

export function AboutRoute() {
  const uz = useTexts();
  return (
    <div className="container page page--narrow">
      <BackBar />
      <h1>{uz.about.title}</h1>
      <p className="lead">{uz.about.intro}</p>
      <div className="about-grid">
        <section className="panel">
          <h2>{uz.about.visitorsTitle}</h2>
          <p>{uz.about.visitors}</p>
        </section>
        <section className="panel">
          <h2>{uz.about.membersTitle}</h2>
          <p>{uz.about.members}</p>
        </section>
      </div>
      <p className="actions">
        <Link to="/create" className="button button--primary">
          {uz.about.start}
        </Link>
        <Link to="/page/1" className="button button--ghost">
          {uz.about.browse}
        </Link>
      </p>
    </div>
  );
}

export const page: Page = {
  Component: AboutRoute,
  head: ({ uz }) => ({
    title: title(uz, uz.about.title),
    description: shorten(uz.about.intro, DESCRIPTION_LENGTH),
    canonical: '/about',
    type: 'website',
  }),
};
