import type { ModerationAction, ModerationResult, ReportQueueItem } from '@portfolio-master/contract';
import { useEffect, useRef, useState } from 'react';
import { fullName } from '../../../components/avatar';
import { ErrorView } from '../../../components/error-view';
import { Pagination } from '../../../components/pagination';
import { RelativeDate } from '../../../components/relative-date';
import { Spinner } from '../../../components/spinner';
import { Link } from '../../../lib/router';
import { fullDate } from '../../../lib/format';
import { useLocale, useT } from '../../../i18n/translator';
import { useReportQueue, type QueueStatus } from '../api/report-queue';
import { ACTION_NAMES, KIND_NAMES, REASON_NAMES, REPORT_STATUS_NAMES } from '../labels';
import { blockableUserId, ModerationDialog, type PendingModeration } from './moderation-dialog';

const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;

/** What was done, said where the focus goes once the dialog closes (the item may have left the list). */
function Done({ message }: { message: string }) {
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => box.current?.focus(), [message]);
  return (
    <p ref={box} className="form-success" role="status" tabIndex={-1}>
      {message}
    </p>
  );
}

function QueueItem({
  item,
  status,
  onAction,
}: {
  item: ReportQueueItem;
  status: QueueStatus;
  onAction: (action: ModerationAction) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { target, reports } = item;
  const userId = blockableUserId(item);
  const button = (action: ModerationAction, danger = false) => (
    <button
      type="button"
      className={`button button--small ${danger ? 'button--danger-ghost' : 'button--ghost'}`}
      onClick={() => onAction(action)}
    >
      {t(ACTION_NAMES[action])}
    </button>
  );
  return (
    <li className="panel mod-item">
      <div className="mod-item__head">
        <span className="mod-kind">{t(KIND_NAMES[target.kind])}</span>
        <h2 className="mod-item__title">
          {target.exists && target.path ? (
            <Link to={target.path}>{target.label}</Link>
          ) : (
            <>
              {target.label} <span className="muted">{t('moderation.gone')}</span>
            </>
          )}
        </h2>
      </div>
      <p className="mod-item__meta muted">
        {target.owner && target.kind !== 'user' ? (
          <>
            {t('moderation.owner')}:{' '}
            <Link to={profilePath(target.owner.username)}>{fullName(target.owner)}</Link>
            {' · '}
          </>
        ) : null}
        {t('moderation.reportsCount', { count: item.reportsCount })} · <RelativeDate date={item.lastDate} />
      </p>
      {target.hidden || target.ownerBlocked ? (
        <ul className="mod-flags">
          {target.hidden ? (
            <li className="mod-flag">{t('moderation.hidden', { reason: target.hidden.reason })}</li>
          ) : null}
          {target.ownerBlocked ? (
            <li className="mod-flag mod-flag--blocked">
              {target.ownerBlocked.until
                ? t('moderation.ownerBlockedUntil', { date: fullDate(locale, target.ownerBlocked.until) })
                : t('moderation.ownerBlockedForGood')}
              . {t('moderation.reason')}: {target.ownerBlocked.reason}
            </li>
          ) : null}
        </ul>
      ) : null}
      {target.revisions.length > 0 ? (
        <details className="mod-revisions">
          <summary>{t('moderation.revisions', { count: target.revisions.length })}</summary>
          <ol className="mod-revisions__list">
            {target.revisions.map((revision) => (
              <li key={`${revision.replacedAt}:${revision.body.length}`} className="mod-revision">
                <p className="mod-revision__body">{revision.body}</p>
                <p className="muted">
                  {t('moderation.revisionReplaced')} <RelativeDate date={revision.replacedAt} />
                </p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <ul className="mod-reports">
        {reports.map((report) => (
          <li key={report._id} className="mod-report">
            <p className="mod-report__reason">
              <strong>{t(REASON_NAMES[report.reason])}</strong>
              {status === 'closed' ? (
                <span className="mod-report__status">{t(REPORT_STATUS_NAMES[report.status])}</span>
              ) : null}
            </p>
            {report.details ? <p className="mod-report__details">{report.details}</p> : null}
            <p className="mod-report__by muted">
              <Link to={profilePath(report.reporter.username)}>{fullName(report.reporter)}</Link> ·{' '}
              <RelativeDate date={report.date} />
            </p>
          </li>
        ))}
      </ul>
      {reports.length < item.reportsCount ? (
        <p className="muted mod-item__more">
          {t('moderation.reportsShown', { shown: reports.length, total: item.reportsCount })}
        </p>
      ) : null}
      {target.exists ? (
        <div
          className="actions mod-item__actions"
          role="group"
          aria-label={t('moderation.actionsFor', { label: target.label })}
        >
          {target.hidden ? button('unhide') : button('hide')}
          {target.kind !== 'user' ? button('delete', true) : null}
          {status === 'open' ? button('dismiss') : null}
          {userId ? (target.ownerBlocked ? button('unblock') : button('block', true)) : null}
        </div>
      ) : status === 'open' ? (
        <div
          className="actions mod-item__actions"
          role="group"
          aria-label={t('moderation.actionsFor', { label: target.label })}
        >
          {button('dismiss')}
        </div>
      ) : null}
    </li>
  );
}

/** "Shikoyatlar": reported things, open or closed, each with its reports and what an admin can do. */
export function ReportQueue({
  status,
  page,
  hrefFor,
}: {
  status: QueueStatus;
  page: number;
  hrefFor: (status: QueueStatus, page: number) => string;
}) {
  const t = useT();
  const queue = useReportQueue(status, page);
  const [pending, setPending] = useState<PendingModeration | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const finish = (result: ModerationResult) => {
    if (!pending) return;
    setPending(null);
    setDone(
      t('moderation.finished', { action: t(ACTION_NAMES[pending.action]), closed: result.closedReports }),
    );
  };

  return (
    <section aria-label={t('moderation.tabs.reports')}>
      <nav className="sort-links" aria-label={t('moderation.queueStatus')}>
        {(['open', 'closed'] as const).map((option) => (
          <Link
            key={option}
            to={hrefFor(option, 1)}
            className={`chip${option === status ? ' chip--active' : ''}`}
            aria-current={option === status ? 'true' : undefined}
          >
            {option === 'open' ? t('moderation.open') : t('moderation.closed')}
          </Link>
        ))}
      </nav>
      {done ? <Done message={done} /> : null}
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <ErrorView error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.items.length === 0 ? (
        <div className="empty">
          <p>{status === 'open' ? t('moderation.emptyOpen') : t('moderation.emptyClosed')}</p>
        </div>
      ) : (
        <>
          <ul className={`mod-queue${queue.isPlaceholderData ? ' is-stale' : ''}`}>
            {queue.data.items.map((item) => (
              <QueueItem
                key={`${item.target.kind}-${item.target._id}`}
                item={item}
                status={status}
                onAction={(action) => {
                  setDone(null);
                  setPending({ action, item });
                }}
              />
            ))}
          </ul>
          {queue.data.pageCount > 1 ? (
            <Pagination page={page} pageCount={queue.data.pageCount} hrefFor={(to) => hrefFor(status, to)} />
          ) : null}
        </>
      )}
      {pending ? (
        <ModerationDialog
          key={`${pending.action}-${pending.item.target._id}`}
          pending={pending}
          onClose={() => setPending(null)}
          onDone={finish}
        />
      ) : null}
    </section>
  );
}
