import type { MessageKey } from '@portfolio-master/i18n';
import { PageSpinner } from '../../components/spinner';
import { useAuth } from '../../features/auth/api/get-me';
import { AuditLog } from '../../features/moderation/components/audit-log';
import { ReportQueue } from '../../features/moderation/components/report-queue';
import { SiteStatsSection } from '../../features/moderation/components/site-stats';
import { TechnologyMerge } from '../../features/moderation/components/technology-merge';
import type { QueueStatus } from '../../features/moderation/api/report-queue';
import { Link, useSearchParams } from '../../lib/router';
import { useT } from '../../i18n/translator';
import { RequireAuth } from './require-auth';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

const TABS = ['reports', 'stats', 'technologies', 'audit'] as const;
type Tab = (typeof TABS)[number];

const TAB_NAMES = {
  reports: 'moderation.tabs.reports',
  stats: 'moderation.tabs.stats',
  technologies: 'moderation.tabs.technologies',
  audit: 'moderation.tabs.audit',
} as const satisfies Record<Tab, MessageKey>;

/**
 * `/admin`, `/admin?tab=stats`, `/admin?tab=technologies`, `/admin?tab=audit&page=2`,
 * `/admin?status=closed&page=3`.
 */
export function adminHref(
  tab: Tab,
  { status = 'open', page = 1 }: { status?: QueueStatus; page?: number } = {},
) {
  const params = new URLSearchParams();
  if (tab !== 'reports') params.set('tab', tab);
  if (tab === 'reports' && status !== 'open') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `/admin?${search}` : '/admin';
}

function Moderation() {
  const t = useT();
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  if (isLoading || !user) return <PageSpinner />;
  if (!user.isAdmin) {
    return (
      <div className="empty">
        <h1>{t('moderation.adminsOnly')}</h1>
        <p>{t('moderation.adminsOnlyLead')}</p>
        <Link to="/page/1" className="button button--primary">
          {t('notFound.home')}
        </Link>
      </div>
    );
  }
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'reports';
  const status: QueueStatus = params.get('status') === 'closed' ? 'closed' : 'open';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return (
    <>
      <h1 className="home__title">{t('moderation.title')}</h1>
      <nav className="sort-links mod-tabs" aria-label={t('moderation.sections')}>
        {TABS.map((name) => (
          <Link
            key={name}
            to={adminHref(name)}
            className={`chip${name === tab ? ' chip--active' : ''}`}
            aria-current={name === tab ? 'page' : undefined}
          >
            {t(TAB_NAMES[name])}
          </Link>
        ))}
      </nav>
      {tab === 'reports' ? (
        <ReportQueue
          status={status}
          page={page}
          hrefFor={(to, at) => adminHref('reports', { status: to, page: at })}
        />
      ) : tab === 'stats' ? (
        <SiteStatsSection />
      ) : tab === 'technologies' ? (
        <TechnologyMerge />
      ) : (
        <AuditLog page={page} hrefFor={(at) => adminHref('audit', { page: at })} />
      )}
    </>
  );
}

/**
 * "Moderatsiya": the reports queue, the site's numbers, merging technologies and the log of what admins
 * did; admins only.
 */
export function AdminRoute() {
  return (
    <RequireAuth>
      <div className="container page page--narrow">
        <Moderation />
      </div>
    </RequireAuth>
  );
}

export const page: Page = { Component: AdminRoute, head: privateHead((t) => t('moderation.title')) };
