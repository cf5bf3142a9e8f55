import type { Comment, CommentThread, MentionCandidate, User } from '@portfolio-master/contract';
import { useId, useState } from 'react';
import { Link, useLocation } from '../../../lib/router';
import { Avatar } from '../../../components/avatar';
import { LazyDialog } from '../../../components/lazy-dialog';
import { ErrorView } from '../../../components/error-view';
import { FieldErrors } from '../../../components/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/translator';
import { addComment, useAddComment } from '../api/add-comment';
import { getOlderComments, getReplies } from '../api/get-comments';
import { useDeleteComment } from '../api/delete-comment';
import { editComment } from '../api/edit-comment';
import { CommentEditor } from './comment-editor';
import { CommentItem } from './comment-item';
import { MentionTextarea } from './mention-textarea';
import { WriteForm } from '../../../components/write-form';
import { useAuth } from '../../auth/api/get-me';
import { usePortfolio } from '../../portfolios/api/get-portfolio';

export interface CommentSectionProps {
  portfolioId: string;
  /** The newest threads, as the portfolio's detail has them. */
  initialComments: CommentThread[];
  /** Cursor of the older ones; null when there are none. */
  initialNext: string | null;
  /** How many comments there are in all, replies too. */
  initialCount: number;
  /** Signed in: a token is present. */
  signedIn: boolean;
  /** The current user once `/user/me` answered; decides which comments I may delete. */
  user: User | null;
  /** The portfolio's authors: suggested first after `@`, before the commenters. */
  authors?: readonly MentionCandidate[];
}

/** A thread's earlier replies loaded so far (oldest first), and the cursor of those before them. */
interface EarlierReplies {
  items: Comment[];
  before: string | null;
}

/**
 * The newest threads, and older ones a page at a time ("Ko‘proq izohlar"); under each comment its newest
 * replies, and earlier ones on asking ("Oldingi javoblar"). Writing or deleting a comment is answered with
 * the newest page: it replaces the top of the list, and the older pages already shown stay.
 */
export function CommentSection({
  portfolioId,
  initialComments,
  initialNext,
  initialCount,
  signedIn,
  user,
  authors = [],
}: CommentSectionProps) {
  const t = useT();
  const [newest, setNewest] = useState(initialComments);
  const [older, setOlder] = useState<CommentThread[]>([]);
  const [next, setNext] = useState(initialNext);
  const [count, setCount] = useState(initialCount);
  const [body, setBody] = useState('');
  const [pendingDelete, setPendingDelete] = useState<{ index: number; comment: Comment } | null>(null);
  /** The comment being edited in place. */
  const [editingId, setEditingId] = useState<string | null>(null);
  /** The comment being answered, and the thread the answer goes into. */
  const [replying, setReplying] = useState<{ threadId: string; commentId: string } | null>(null);
  const [earlier, setEarlier] = useState<Record<string, EarlierReplies>>({});
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const add = useAddComment(portfolioId);
  const remove = useDeleteComment(portfolioId);
  const location = useLocation();
  const inputId = useId();
  const errorId = useId();

  const shownIds = new Set(newest.map((comment) => comment._id));
  const threads = [...newest, ...older.filter((comment) => !shownIds.has(comment._id))];
  /** Who this conversation is between, suggested first after `@`: its authors, then its writers, newest first. */
  const participants = [
    ...authors,
    ...threads.flatMap((thread) => [...thread.replies].reverse().concat(thread)).map((c) => c.commentAuthor),
  ];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    add.mutate(
      { body },
      {
        onSuccess: (page) => {
          setNewest(page);
          setCount((value) => value + 1);
          setBody('');
        },
      },
    );
  };

  /** A reply shows at the end of its thread, wherever the thread is in the list. */
  const sendReply = async (threadId: string, parentId: string, text: string) => {
    const page = await addComment(portfolioId, { body: text, parentId });
    setNewest(page);
    setCount((value) => value + 1);
    setReplying(null);
    setEarlier(({ [threadId]: _dropped, ...rest }) => rest);
    if (page.some((thread) => thread._id === threadId)) return;
    const latest = await getReplies(portfolioId, threadId, null);
    setOlder((list) =>
      list.map((thread) =>
        thread._id === threadId
          ? { ...thread, replies: [...latest.items].reverse(), repliesBefore: latest.next }
          : thread,
      ),
    );
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const deletedId = pendingDelete.comment._id;
    remove.mutate(
      { index: pendingDelete.index, commentId: deletedId },
      {
        onSuccess: (page) => {
          setNewest(page);
          setOlder((list) => withoutComment(list, deletedId));
          setEarlier((map) =>
            Object.fromEntries(
              Object.entries(map).map(([id, loaded]) => [
                id,
                { ...loaded, items: loaded.items.filter((reply) => reply._id !== deletedId) },
              ]),
            ),
          );
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

  const loadEarlierReplies = async (thread: CommentThread, before: string) => {
    const page = await getReplies(portfolioId, thread._id, before);
    setEarlier((map) => ({
      ...map,
      [thread._id]: {
        items: [...page.items].reverse().concat(map[thread._id]?.items ?? []),
        before: page.next,
      },
    }));
  };

  /** An edited comment takes its place wherever it is shown. */
  const saved = (edited: Comment) => {
    const swap = <C extends Comment>(comment: C): C =>
      comment._id === edited._id ? { ...comment, ...edited } : comment;
    const swapThreads = (list: CommentThread[]) =>
      list.map((thread) => ({ ...swap(thread), replies: thread.replies.map(swap) }));
    setNewest(swapThreads);
    setOlder(swapThreads);
    setEarlier((map) =>
      Object.fromEntries(
        Object.entries(map).map(([id, loaded]) => [id, { ...loaded, items: loaded.items.map(swap) }]),
      ),
    );
    setEditingId(null);
  };

  const fieldErrors = add.error instanceof ApiError ? add.error.fieldErrors.body : undefined;
  const mine = (comment: Comment) => Boolean(user && user._id === comment.commentAuthor._id);

  /** What the reader may do with a comment (`index`: its thread's place in the list). */
  const actionsOf = (comment: Comment, index: number) => ({
    onEdit: mine(comment) ? () => setEditingId(comment._id) : undefined,
    onReply: signedIn
      ? () => setReplying({ threadId: comment.parentId ?? comment._id, commentId: comment._id })
      : undefined,
    onDelete:
      user && (user.isAdmin || mine(comment))
        ? () => {
            remove.reset();
            setPendingDelete({ index, comment });
          }
        : undefined,
    editor:
      editingId === comment._id ? (
        <CommentEditor
          initialBody={comment.body}
          label={t('comments.editLabel')}
          submitLabel={t('comments.save')}
          save={async (text) => saved(await editComment(portfolioId, { commentId: comment._id, body: text }))}
          onCancel={() => setEditingId(null)}
          participants={participants}
          selfId={user?._id}
        />
      ) : undefined,
  });

  const renderThread = (thread: CommentThread, index: number) => {
    const loaded = earlier[thread._id];
    const loadedIds = new Set(loaded?.items.map((reply) => reply._id));
    const replies = [
      ...(loaded?.items ?? []),
      ...thread.replies.filter((reply) => !loadedIds.has(reply._id)),
    ];
    const before = loaded ? loaded.before : thread.repliesBefore;
    const answering = replying?.threadId === thread._id ? replying : null;
    return (
      <CommentItem key={thread._id} comment={thread} {...actionsOf(thread, index)}>
        {before ? (
          <button
            type="button"
            className="link-button comment-thread__earlier"
            onClick={() => void loadEarlierReplies(thread, before)}
          >
            {t('comments.earlierReplies')}
          </button>
        ) : null}
        {replies.length > 0 ? (
          <ul className="comment-list comment-replies" aria-label={t('comments.replies')}>
            {replies.map((reply) => (
              <CommentItem key={reply._id} comment={reply} {...actionsOf(reply, index)} />
            ))}
          </ul>
        ) : null}
        {answering ? (
          <CommentEditor
            key={answering.commentId}
            label={t('comments.replyLabel')}
            placeholder={t('comments.replyPlaceholder')}
            submitLabel={t('comments.replySubmit')}
            save={(text) => sendReply(thread._id, answering.commentId, text)}
            onCancel={() => setReplying(null)}
            participants={participants}
            selfId={user?._id}
          />
        ) : null}
      </CommentItem>
    );
  };

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
              <MentionTextarea
                id={inputId}
                className="input textarea"
                value={body}
                onChange={setBody}
                participants={participants}
                selfId={user?._id}
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

      {threads.length === 0 ? (
        <p className="muted">{t('comments.empty')}</p>
      ) : (
        <ul className="comment-list">{threads.map(renderThread)}</ul>
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
 * The threads without a deleted comment: a top-level one with replies stays, without its text, as the
 * server keeps it; one left so without replies goes.
 */
function withoutComment(threads: CommentThread[], id: string): CommentThread[] {
  return threads.flatMap((thread) => {
    if (thread._id === id) {
      return thread.replies.length > 0 || thread.repliesBefore
        ? [{ ...thread, deleted: true, body: '', bodyHtml: '', editedAt: null }]
        : [];
    }
    const replies = thread.replies.filter((reply) => reply._id !== id);
    return thread.deleted && replies.length === 0 && !thread.repliesBefore ? [] : [{ ...thread, replies }];
  });
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
      authors={[portfolio.author, ...(portfolio.coauthors ?? [])]}
    />
  );
}
