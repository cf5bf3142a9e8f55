import { fullName } from '../../../components/avatar';
import { ErrorView } from '../../../components/error-view';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { Link } from '../../../lib/router';
import { fullDate } from '../../../lib/format';
import { useLocale, useT } from '../../../i18n/translator';
import { useAuditLog } from '../api/audit-log';
import { DONE_NAMES, KIND_NAMES } from '../labels';

/** "Jurnal": who did what to which thing, why and until when; newest first, a page at a time. */
export function AuditLog({ page, hrefFor }: { page: number; hrefFor: (page: number) => string }) {
  const t = useT();
  const locale = useLocale();
  const log = useAuditLog(page);
  if (log.isPending) return <Spinner />;
  if (log.isError) return <ErrorView error={log.error} onRetry={() => void log.refetch()} />;
  if (log.data.items.length === 0) {
    return (
      <div className="empty">
        <p>{t('moderation.audit.empty')}</p>
      </div>
    );
  }
  return (
    <section aria-label={t('moderation.tabs.audit')}>
      <ol className={`audit${log.isPlaceholderData ? ' is-stale' : ''}`}>
        {log.data.items.map((entry) => (
          <li key={entry._id} className="audit__entry">
            <p className="audit__head muted">
              <time dateTime={entry.date}>{fullDate(locale, entry.date)}</time>
              {' · '}
              {entry.admin ? (
                <Link to={`/profile/${encodeURIComponent(entry.admin.username)}`}>
                  {fullName(entry.admin)}
                </Link>
              ) : (
                t('moderation.audit.deletedAdmin')
              )}
            </p>
            <p className="audit__what">
              <strong>{t(DONE_NAMES[entry.action])}</strong>
              {': '}
              {t(KIND_NAMES[entry.target.kind])} «{entry.target.label}»
            </p>
            <dl className="audit__facts">
              {/* A merge of technologies asks for no reason. */}
              {entry.reason ? (
                <div>
                  <dt>{t('moderation.audit.reason')}:</dt> <dd>{entry.reason}</dd>
                </div>
              ) : null}
              {entry.action === 'block' ? (
                <div>
                  <dt>{t('moderation.audit.until')}:</dt>{' '}
                  <dd>
                    {entry.until
                      ? t('moderation.audit.untilDate', { date: fullDate(locale, entry.until) })
                      : t('moderation.audit.forGood')}
                  </dd>
                </div>
              ) : null}
            </dl>
          </li>
        ))}
      </ol>
      {log.data.pageCount > 1 ? (
        <Pagination page={page} pageCount={log.data.pageCount} hrefFor={hrefFor} />
      ) : null}
    </section>
  );
}
