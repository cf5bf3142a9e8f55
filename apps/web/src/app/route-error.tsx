import { ErrorView } from '../components/error-view';
import { Link } from '../lib/router';
import { useT } from '../i18n/translator';

/** Route-level boundary: the navbar and footer stay, the page body explains what went wrong. */
export function RouteError({ error }: { error: unknown }) {
  const t = useT();
  const chunkFailed =
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <div className="container page page--narrow">
      <h1>{t('errors.somethingWrong')}</h1>
      {chunkFailed ? <p>{t('errors.chunk')}</p> : <ErrorView error={error} />}
      <p className="actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
        <Link to="/page/1" className="button button--ghost">
          {t('notFound.home')}
        </Link>
      </p>
    </div>
  );
}
