import { Link } from '../../lib/router';
import { useT } from '../../i18n/translator';
import { notFoundHead } from '../../lib/head';
import type { Page } from '../route';

export function NotFoundRoute() {
  const t = useT();
  return (
    <div className="container page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/page/1" className="button button--primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

export const page: Page = { Component: NotFoundRoute, head: ({ t }) => notFoundHead(t) };
