import { Link } from '../../lib/router';
import { useTexts } from '../../i18n/uz';
import { notFoundHead } from '../../lib/head';
import type { Page } from '../route';

export function NotFoundRoute() {
  const uz = useTexts();
  return (
    <div className="container page not-found">
      <p className="not-found__code" aria-hidden="true">
        {uz.notFound.code}
      </p>
      <h1>{uz.notFound.title}</h1>
      <p>{uz.notFound.text}</p>
      <Link to="/page/1" className="button button--primary">
        {uz.notFound.home}
      </Link>
    </div>
  );
}

export const page: Page = { Component: NotFoundRoute, head: ({ uz }) => notFoundHead(uz) };
