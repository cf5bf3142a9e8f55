import type { Comment, User } from '@portfolio-master/contract';
import { useId, useState } from 'react';
import { Link, useLocation } from '../../../lib/router';
import { AdminBadge, Avatar, fullName } from '../../../components/avatar';
import { LazyDialog } from '../../../components/lazy-dialog';
import { ErrorView } from '../../../components/error-view';
import { FieldErrors } from '../../../components/form-field';
import { TrashIcon } from '../../../components/icons/trash';
import { RelativeDate } from '../../../components/relative-date';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/translator';
import { useAddComment } from '../api/add-comment';
import { getOlderComments } from '../api/get-comments';
import { useDeleteComment } from '../api/delete-comment';
import { CommentEditor } from './comment-editor';
import { WriteForm } from '../../../components/write-form';
import { ReportAction } from '../../moderation/components/report-action';
import { useAuth } from '../../auth/api/get-me';
import { usePortfolio } from '../../portfolios/api/get-portfolio';

export interface CommentSectionProps {
  portfolioId: string;
  /** The newest comments, as the portfolio's detail has them. */
  initialComments: Comment[];
  /** Cursor of the older ones; null when there are none. */
  initialNext: string | null;
  /** How many there are in all. */
  initialCount: number;
  /** Signed in: a token is present. */
  signedIn: boolean;
  /** The current user once `/user/me` answered; decides which comments I may delete. */
  user: User | null;
}

/**
 * The newest comments, and older ones a page at a time ("Ko‘proq izohlar"). Writing or deleting a comment
 * is answered with the newest page: it replaces the top of the list, and the older pages already shown stay.
 */
export function CommentSection({
  portfolioId,
  initialComments,
  initialNext,
  initialCount,
  signedIn,
  user,
}: CommentSectionProps) {
  const t = useT();
  const [newest, setNewest] = useState(initialComments);
  const [older, setOlder] = useState<Comment[]>([]);
  const [next, setNext] = useState(initialNext);
  const [count, setCount] = useState(initialCount);
  const [body, setBody] = useState('');
  const [pendingDelete, setPendingDelete] = useState<{ index: number; comment: Comment } | null>(null);
  /** The comment being edited in place. */
  const [editingId, setEditingId] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const add = useAddComment(portfolioId);
  const remove = useDeleteComment(portfolioId);
  const location = useLocation();
  const inputId = useId();
  const errorId = useId();

  const shownIds = new Set(newest.map((comment) => comment._id));
  const comments = [...newest, ...older.filter((comment) => !shownIds.has(comment._id))];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    add.mutate(body, {
      onSuccess: (page) => {
        setNewest(page);
        setCount((value) => value + 1);
        setBody('');
      },
    });
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const deletedId = pendingDelete.comment._id;
    remove.mutate(
      { index: pendingDelete.index, commentId: deletedId },
      {
        onSuccess: (page) => {
          setNewest(page);
          setOlder((list) => list.filter((comment) => comment._id !== deletedId));
          setCount((value) => Math.max(0, value - 1));
          setPendingDelete(null);
        },
      },
    );
  };

  const loadMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await getOlderComments(portfolioId, next);
      setOlder((list) => [...list, ...page.items]);
      setNext(page.next);
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  };

  /** An edited comment takes its place wherever it is shown. */
  const saved = (edited: Comment) => {
    const swap = (list: Comment[]) => list.map((comment) => (comment._id === edited._id ? edited : comment));
    setNewest(swap);
    setOlder(swap);
    setEditingId(null);
  };

  const fieldErrors = add.error instanceof ApiError ? add.error.fieldErrors.body : undefined;
  const canDelete = (comment: Comment) =>
    Boolean(user && (user.isAdmin || user._id === comment.commentAuthor._id));
  const canEdit = (comment: Comment) => Boolean(user && user._id === comment.commentAuthor._id);

  return (
    <section className="panel comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="panel__title">
        {t('comments.title', { count })}
      </h2>

      {signedIn ? (
        <WriteForm className="comment-form" onSubmit={submit} noValidate={false}>
          <div className="comment-form__row">
            {user ? <Avatar user={user} size={50} decorative /> : null}
            <div className="field">
              <label htmlFor={inputId} className="visually-hidden">
                {t('comments.label')}
              </label>
              <textarea
                id={inputId}
                className="input textarea"
                value={body}
                onChange={(event) => setBody(event.target.value)}
                placeholder={t('comments.placeholder')}
                required
                maxLength={2000}
                aria-invalid={add.isError || undefined}
                aria-describedby={add.isError ? errorId : undefined}
              />
              {add.isError ? (
                <FieldErrors id={errorId} messages={fieldErrors ?? [errorMessage(t, add.error)]} />
              ) : null}
            </div>
          </div>
          <div className="comment-form__actions">
            <button type="submit" className="button button--primary" disabled={add.isPending || !body.trim()}>
              {add.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              {t('comments.submit')}
            </button>
          </div>
        </WriteForm>
      ) : (
        <p className="login-prompt">
          <Link to="/auth/login" state={{ from: location.pathname }}>
            {t('comments.loginPrompt')}
          </Link>
        </p>
      )}

      {comments.length === 0 ? (
        <p className="muted">{t('comments.empty')}</p>
      ) : (
        <ul className="comment-list">
          {comments.map((comment, index) => (
            <li key={comment._id} className="comment">
              <Avatar user={comment.commentAuthor} size={40} decorative />
              <div className="comment__main">
                <div className="comment__head">
                  <Link
                    to={`/profile/${encodeURIComponent(comment.commentAuthor.username)}`}
                    className="comment__author"
                  >
                    {fullName(comment.commentAuthor)}
                    {comment.commentAuthor.isAdmin ? <AdminBadge /> : null}
                  </Link>
                  <RelativeDate date={comment.date} className="muted" />
                  {comment.editedAt ? (
                    <span className="muted comment__edited">
                      {t('comments.edited')} <RelativeDate date={comment.editedAt} />
                    </span>
                  ) : null}
                  {canEdit(comment) && editingId !== comment._id ? (
                    <button
                      type="button"
                      className="link-button comment__edit"
                      onClick={() => setEditingId(comment._id)}
                    >
                      {t('comments.edit')}
                    </button>
                  ) : null}
                  <ReportAction
                    target="comment"
                    id={comment._id}
                    ownerId={comment.commentAuthor._id}
                    label={comment.body}
                    compact
                  />
                </div>
                {editingId === comment._id ? (
                  <CommentEditor
                    portfolioId={portfolioId}
                    comment={comment}
                    onSaved={saved}
                    onCancel={() => setEditingId(null)}
                  />
                ) : (
                  // Rendered by the server from a small safe subset of Markdown (links, code): no raw HTML.
                  <div
                    className="comment__body markdown"
                    dangerouslySetInnerHTML={{ __html: comment.bodyHtml }}
                  />
                )}
              </div>
              {canDelete(comment) ? (
                <button
                  type="button"
                  className="icon-button comment__delete"
                  aria-label={t('comments.delete')}
                  onClick={() => {
                    remove.reset();
                    setPendingDelete({ index, comment });
                  }}
                >
                  <TrashIcon />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      {next ? (
        <div className="comments__more">
          {moreError ? <ErrorView error={moreError} compact /> : null}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void loadMore()}
            disabled={loadingMore}
          >
            {loadingMore ? <span className="spinner" aria-hidden="true" /> : null}
            {t('comments.more')}
          </button>
        </div>
      ) : null}

      <LazyDialog
        message={
          pendingDelete ? (
            <>
              <p>{t('comments.deleteConfirm')}</p>
              {remove.isError ? (
                <p className="form-alert" role="alert">
                  {errorMessage(t, remove.error)}
                </p>
              ) : null}
            </>
          ) : null
        }
        onClose={() => setPendingDelete(null)}
        onCancel={() => setPendingDelete(null)}
        onOk={confirmDelete}
        loading={remove.isPending}
        danger
      />
    </section>
  );
}

/**
 * The comment section of the portfolio at `linktitle`, read from the query cache as its page reads it:
 * given only the address, it renders the same on the server and when the browser takes it over later
 * (`PortfolioComments`).
 */
export function PortfolioCommentSection({ linktitle }: { linktitle: string }) {
  const { token, isSignedIn, user } = useAuth();
  const portfolio = usePortfolio(linktitle, token, { publicWhileLoading: true }).data;
  if (!portfolio) return null;
  return (
    <CommentSection
      key={portfolio._id}
      portfolioId={portfolio._id}
      initialComments={portfolio.comments}
      initialNext={portfolio.commentsNext}
      initialCount={portfolio.commentsCount}
      signedIn={isSignedIn}
      user={user}
    />
  );
}
