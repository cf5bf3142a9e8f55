import type { Comment, User } from '@portfolio-master/contract';
import { useId, useState } from 'react';
import { Link, useLocation } from '../../../lib/router';
import { AdminBadge, Avatar, fullName } from '../../../components/avatar';
import { Dialog } from '../../../components/dialog';
import { FieldErrors } from '../../../components/form-field';
import { TrashIcon } from '../../../components/icons';
import { RelativeDate } from '../../../components/relative-date';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { uz } from '../../../i18n/uz';
import { useAddComment } from '../api/add-comment';
import { useDeleteComment } from '../api/delete-comment';
import { WriteForm } from '../../../components/write-form';

export interface CommentSectionProps {
  portfolioId: string;
  initialComments: Comment[];
  /** Signed in: a token is present. */
  signedIn: boolean;
  /** The current user once `/user/me` answered; decides which comments I may delete. */
  user: User | null;
  onCountChange?: (count: number) => void;
}

/** The list starts from the portfolio's comments and is replaced by whatever the server answers. */
export function CommentSection({
  portfolioId,
  initialComments,
  signedIn,
  user,
  onCountChange,
}: CommentSectionProps) {
  const [comments, setComments] = useState(initialComments);
  const [body, setBody] = useState('');
  const [pendingDelete, setPendingDelete] = useState<{ index: number; comment: Comment } | null>(null);
  const add = useAddComment(portfolioId);
  const remove = useDeleteComment(portfolioId);
  const location = useLocation();
  const inputId = useId();
  const errorId = useId();

  const replace = (next: Comment[]) => {
    setComments(next);
    onCountChange?.(next.length);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    add.mutate(body, {
      onSuccess: (next) => {
        replace(next);
        setBody('');
      },
    });
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    remove.mutate(
      { index: pendingDelete.index, commentId: pendingDelete.comment._id },
      {
        onSuccess: (next) => {
          replace(next);
          setPendingDelete(null);
        },
      },
    );
  };

  const fieldErrors = add.error instanceof ApiError ? add.error.fieldErrors.body : undefined;
  const canDelete = (comment: Comment) =>
    Boolean(user && (user.isAdmin || user._id === comment.commentAuthor._id));

  return (
    <section className="panel comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="panel__title">
        {uz.comments.title} ({comments.length})
      </h2>

      {signedIn ? (
        <WriteForm className="comment-form" onSubmit={submit} noValidate={false}>
          <div className="comment-form__row">
            {user ? <Avatar user={user} size={50} decorative /> : null}
            <div className="field">
              <label htmlFor={inputId} className="visually-hidden">
                {uz.comments.label}
              </label>
              <textarea
                id={inputId}
                className="input textarea"
                value={body}
                onChange={(event) => setBody(event.target.value)}
                placeholder={uz.comments.placeholder}
                required
                maxLength={2000}
                aria-invalid={add.isError || undefined}
                aria-describedby={add.isError ? errorId : undefined}
              />
              {add.isError ? (
                <FieldErrors id={errorId} messages={fieldErrors ?? [errorMessage(add.error)]} />
              ) : null}
            </div>
          </div>
          <div className="comment-form__actions">
            <button type="submit" className="button button--primary" disabled={add.isPending || !body.trim()}>
              {add.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              {uz.comments.submit}
            </button>
          </div>
        </WriteForm>
      ) : (
        <p className="login-prompt">
          <Link to="/auth/login" state={{ from: location.pathname }}>
            {uz.comments.loginPrompt}
          </Link>
        </p>
      )}

      {comments.length === 0 ? (
        <p className="muted">{uz.comments.empty}</p>
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
                </div>
                <p className="comment__body">{comment.body}</p>
              </div>
              {canDelete(comment) ? (
                <button
                  type="button"
                  className="icon-button comment__delete"
                  aria-label={uz.comments.delete}
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

      <Dialog
        message={
          pendingDelete ? (
            <>
              <p>{uz.comments.deleteConfirm}</p>
              {remove.isError ? (
                <p className="form-alert" role="alert">
                  {errorMessage(remove.error)}
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
