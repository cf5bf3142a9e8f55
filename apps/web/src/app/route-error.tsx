import { ErrorView } from '../components/error-view';
import { Link } from '../lib/router';
import { useTexts } from '../i18n/uz';

/** Route-level boundary: the navbar and footer stay, the page body explains what went wrong. */
export function RouteError({ error }: { error: unknown }) {
  const uz = useTexts();
  const chunkFailed =
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <div className="container page page--narrow">
      <h1>{uz.errors.somethingWrong}</h1>
      {chunkFailed ? <p>{uz.errors.chunk}</p> : <ErrorView error={error} />}
      <p className="actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {uz.errors.reload}
        </button>
        <Link to="/page/1" className="button button--ghost">
          {uz.notFound.home}
        </Link>
      </p>
    </div>
  );
}
