import { useNavigate } from '../../lib/router';
import { BackBar } from '../../components/back-bar';
import { useAuth } from '../../features/auth/api/get-me';
import { BlockedNotice } from '../../features/moderation/components/moderation-notices';
import { useCreatePortfolio } from '../../features/portfolios/api/create-portfolio';
import { PortfolioForm } from '../../features/portfolios/components/portfolio-form';
import { useT } from '../../i18n/translator';
import { RequireAuth } from './require-auth';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

export function CreateRoute() {
  const t = useT();
  const create = useCreatePortfolio();
  const navigate = useNavigate();
  const { user } = useAuth();
  return (
    <RequireAuth>
      <div className="container page page--narrow">
        <BackBar />
        <BlockedNotice user={user} />
        <div className="panel form-card">
          <h1>{t('portfolioForm.createTitle')}</h1>
          <PortfolioForm
            submitLabel={t('portfolioForm.submitCreate')}
            pending={create.isPending}
            submit={(input, { onError }) =>
              create.mutate(input, {
                onSuccess: (portfolio) =>
                  navigate(`/portfolio/${encodeURIComponent(portfolio.linktitle)}`, { replace: true }),
                onError,
              })
            }
          />
        </div>
      </div>
    </RequireAuth>
  );
}

export const page: Page = {
  Component: CreateRoute,
  head: privateHead((t) => t('portfolioForm.createTitle')),
};
