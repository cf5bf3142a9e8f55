import type { Comment } from '@portfolio-master/contract';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { AdminBadge, Avatar, fullName } from '../../../components/avatar';
import { TrashIcon } from '../../../components/icons/trash';
import { RelativeDate } from '../../../components/relative-date';
import { RenderedHtml } from '../../../components/rendered-html';
import { useT } from '../../../i18n/translator';
import { ReportAction } from '../../moderation/components/report-action';

export interface CommentItemProps {
  comment: Comment;
  /** What the reader may do with it; each is left out when not given. */
  onEdit?: (() => void) | undefined;
  onReply?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  /** Shown in place of the text (the edit box). */
  editor?: ReactNode;
  /** Under the text: a thread's replies and the reply box. */
  children?: ReactNode;
}

/**
 * One comment: its writer, dates, text (rendered by the server from a small safe subset of Markdown) and
 * actions. A deleted one that is kept for its replies says so, and nothing else.
 */
export function CommentItem({ comment, onEdit, onReply, onDelete, editor, children }: CommentItemProps) {
  const t = useT();
  const className = `comment${comment.parentId ? ' comment--reply' : ''}`;
  if (comment.deleted) {
    return (
      <li className={`${className} comment--deleted`}>
        <div className="comment__main">
          <p className="muted comment__gone">{t('comments.deleted')}</p>
          {children}
        </div>
      </li>
    );
  }
  const author = comment.commentAuthor;
  return (
    <li className={className}>
      <Avatar user={author} size={comment.parentId ? 30 : 40} decorative />
      <div className="comment__main">
        <div className="comment__head">
          <Link to={`/profile/${encodeURIComponent(author.username)}`} className="comment__author">
            {fullName(author)}
            {author.isAdmin ? <AdminBadge /> : null}
          </Link>
          <RelativeDate date={comment.date} className="muted" />
          {comment.editedAt ? (
            <span className="muted comment__edited">
              {t('comments.edited')} <RelativeDate date={comment.editedAt} />
            </span>
          ) : null}
          {onEdit && !editor ? (
            <button type="button" className="link-button comment__edit" onClick={onEdit}>
              {t('comments.edit')}
            </button>
          ) : null}
          {onReply ? (
            <button type="button" className="link-button comment__reply" onClick={onReply}>
              {t('comments.reply')}
            </button>
          ) : null}
          <ReportAction target="comment" id={comment._id} ownerId={author._id} label={comment.body} compact />
        </div>
        {editor ?? (
          // Rendered by the server from a small safe subset of Markdown (links, code): no raw HTML.
          <RenderedHtml className="comment__body markdown" html={comment.bodyHtml} />
        )}
        {children}
      </div>
      {onDelete ? (
        <button
          type="button"
          className="icon-button comment__delete"
          aria-label={t('comments.delete')}
          onClick={onDelete}
        >
          <TrashIcon />
        </button>
      ) : null}
    </li>
  );
}
