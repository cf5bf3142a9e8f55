import type { Comment } from '@portfolio-master/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { FieldErrors } from '../../../components/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/translator';
import { useEditComment } from '../api/edit-comment';

export interface CommentEditorProps {
  portfolioId: string;
  comment: Comment;
  /** The comment as the server answered the edit. */
  onSaved: (comment: Comment) => void;
  onCancel: () => void;
}

/** One's own comment, in place, as a box with its text: saved, or left as it was (Escape). */
export function CommentEditor({ portfolioId, comment, onSaved, onCancel }: CommentEditorProps) {
  const t = useT();
  const [body, setBody] = useState(comment.body);
  const edit = useEditComment(portfolioId);
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    edit.mutate({ commentId: comment._id, body }, { onSuccess: onSaved });
  };
  const fieldErrors = edit.error instanceof ApiError ? edit.error.fieldErrors.body : undefined;

  return (
    <form
      className="comment-editor"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t('comments.editLabel')}
      </label>
      <textarea
        ref={input}
        id={inputId}
        className="input textarea"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        required
        maxLength={2000}
        aria-invalid={edit.isError || undefined}
        aria-describedby={edit.isError ? errorId : undefined}
      />
      {edit.isError ? (
        <FieldErrors id={errorId} messages={fieldErrors ?? [errorMessage(t, edit.error)]} />
      ) : null}
      <div className="comment-editor__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('comments.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={edit.isPending || !body.trim()}>
          {edit.isPending ? <span className="spinner" aria-hidden="true" /> : null}
          {t('comments.save')}
        </button>
      </div>
    </form>
  );
}
