import type { MentionCandidate } from '@portfolio-master/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { FieldErrors } from '../../../components/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';
import { useT } from '../../../i18n/translator';
import { MentionTextarea } from './mention-textarea';

export interface CommentEditorProps {
  /** The text the box starts with: one's comment when editing it, nothing for a reply. */
  initialBody?: string;
  label: string;
  placeholder?: string;
  submitLabel: string;
  /** Sends the text; the box shows what the server answers when it refuses. */
  save: (body: string) => Promise<unknown>;
  onCancel: () => void;
  /** Suggested first after `@`: the people of this conversation. */
  participants: readonly MentionCandidate[];
  /** The writer, never suggested. */
  selfId?: string | undefined;
}

/** A box in place for a comment's text (editing one's own, or a reply): sent, or left (Escape). */
export function CommentEditor({
  initialBody = '',
  label,
  placeholder,
  submitLabel,
  save,
  onCancel,
  participants,
  selfId,
}: CommentEditorProps) {
  const t = useT();
  const [body, setBody] = useState(initialBody);
  const send = useMutation({ mutationFn: save });
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
    send.mutate(body);
  };
  const fieldErrors =
    send.error instanceof ApiError
      ? (send.error.fieldErrors.body ?? send.error.fieldErrors.parentId)
      : undefined;

  return (
    <form
      className="comment-editor"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <MentionTextarea
        ref={input}
        id={inputId}
        className="input textarea"
        value={body}
        onChange={setBody}
        participants={participants}
        selfId={selfId}
        placeholder={placeholder}
        required
        maxLength={2000}
        aria-invalid={send.isError || undefined}
        aria-describedby={send.isError ? errorId : undefined}
      />
      {send.isError ? (
        <FieldErrors id={errorId} messages={fieldErrors ?? [errorMessage(t, send.error)]} />
      ) : null}
      <div className="comment-editor__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('comments.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={send.isPending || !body.trim()}>
          {send.isPending ? <span className="spinner" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
