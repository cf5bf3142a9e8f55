import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { BackBar } from '../../components/back-bar';
import { PageSpinner } from '../../components/spinner';
import { useAuth } from '../../features/auth/api/get-me';
import { BlockedNotice } from '../../features/moderation/components/moderation-notices';
import { useCreatePortfolio } from '../../features/portfolios/api/create-portfolio';
import { getDraft } from '../../features/portfolios/api/drafts';
import { PortfolioForm } from '../../features/portfolios/components/portfolio-form';
import type { DraftValues } from '../../features/portfolios/components/use-draft-autosave';
import { readStoredDraft } from '../../lib/stored-drafts';
import { useT } from '../../i18n/translator';
import { useQueryClient } from '../../lib/query';
import { RequireAuth } from './require-auth';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

interface Restored {
  draftId: string | null;
  values: DraftValues | null;
}

/**
 * What the form starts from: the draft named by `?draft=` (from "Qoralamalar"), else what this device kept
 * of the last form (a tab closed mid-sentence), else nothing. Read after the first render: storage is the
 * browser's.
 */
function useRestoredDraft(userId: string | undefined, named: string | null): Restored | null {
  const [restored, setRestored] = useState<Restored | null>(null);
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    const stored = readStoredDraft<DraftValues>(userId);
    const start = async (): Promise<Restored> => {
      if (named === null) return stored ?? { draftId: null, values: null };
      if (stored?.draftId === named) return stored;
      try {
        const draft = await getDraft(named);
        const { title, url, repoUrl, description } = draft;
        return {
          draftId: draft._id,
          values: { title, url, repoUrl, description, used: draft.used.join(', ') },
        };
      } catch {
        return { draftId: null, values: null };
      }
    };
    void start().then((value) => live && setRestored(value));
    return () => {
      live = false;
    };
  }, [userId, named]);
  return restored;
}

export function CreateRoute() {
  const t = useT();
  const create = useCreatePortfolio();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const restored = useRestoredDraft(user?._id, params.get('draft'));
  return (
    <RequireAuth>
      <div className="container page page--narrow">
        <BackBar />
        <BlockedNotice user={user} />
        <div className="panel form-card">
          <h1>{t('portfolioForm.createTitle')}</h1>
          {user && restored ? (
            <PortfolioForm
              key={restored.draftId ?? 'new'}
              draft={{ userId: user._id, ...restored }}
              submitLabel={t('portfolioForm.submitCreate')}
              pending={create.isPending}
              submit={(input, { onError, onSuccess }) =>
                create.mutate(input, {
                  onSuccess: (portfolio) => {
                    onSuccess();
                    void queryClient.invalidateQueries({ queryKey: ['drafts'] });
                    navigate(`/portfolio/${encodeURIComponent(portfolio.linktitle)}`, { replace: true });
                  },
                  onError,
                })
              }
            />
          ) : (
            <PageSpinner />
          )}
        </div>
      </div>
    </RequireAuth>
  );
}

export const page: Page = {
  Component: CreateRoute,
  head: privateHead((t) => t('portfolioForm.createTitle')),
};
