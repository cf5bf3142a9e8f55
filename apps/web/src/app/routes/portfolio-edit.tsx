import { Link, useNavigate, useParams } from '../../lib/router';
import { BackBar } from '../../components/back-bar';
import { ErrorView } from '../../components/error-view';
import { PageSpinner } from '../../components/spinner';
import { useAuth } from '../../features/auth/api/get-me';
import { BlockedNotice } from '../../features/moderation/components/moderation-notices';
import { usePortfolio } from '../../features/portfolios/api/get-portfolio';
import { useUpdatePortfolio } from '../../features/portfolios/api/update-portfolio';
import { PortfolioForm } from '../../features/portfolios/components/portfolio-form';
import { CoauthorsEditor } from '../../features/portfolios/components/coauthors-editor';
import { useT } from '../../i18n/translator';
import { RequireAuth } from './require-auth';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

function EditPortfolio() {
  const t = useT();
  const { linktitle = '' } = useParams();
  const { token, user, isLoading } = useAuth();
  const query = usePortfolio(linktitle, token);
  const navigate = useNavigate();
  const update = useUpdatePortfolio(query.data?._id ?? '');

  if (query.isPending || isLoading) return <PageSpinner />;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  const portfolio = query.data;
  if (!portfolio) {
    return (
      <div className="empty">
        <h1>{t('portfolio.notFoundTitle')}</h1>
        <p>{t('portfolio.notFound')}</p>
      </div>
    );
  }
  if (!user || !(user.isAdmin || user._id === portfolio.author._id)) {
    return (
      <div className="empty">
        <p>{t('portfolioForm.forbidden')}</p>
        <Link to={`/portfolio/${encodeURIComponent(portfolio.linktitle)}`} className="button button--ghost">
          {t('nav.back')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <BlockedNotice user={user} />
      <div className="panel form-card">
        <h1>{t('portfolioForm.editTitle')}</h1>
        <PortfolioForm
          key={portfolio._id}
          initial={portfolio}
          submitLabel={t('portfolioForm.submitEdit')}
          pending={update.isPending}
          submit={(input, { onError }) =>
            update.mutate(input, {
              onSuccess: (saved) =>
                navigate(`/portfolio/${encodeURIComponent(saved.linktitle)}`, { replace: true }),
              onError,
            })
          }
        />
      </div>
      {user._id === portfolio.author._id ? <CoauthorsEditor portfolioId={portfolio._id} /> : null}
    </>
  );
}

export function PortfolioEditRoute() {
  return (
    <RequireAuth>
      <div className="container page page--narrow">
        <BackBar />
        <EditPortfolio />
      </div>
    </RequireAuth>
  );
}

export const page: Page = {
  Component: PortfolioEditRoute,
  head: privateHead((t) => t('portfolioForm.editTitle')),
};
