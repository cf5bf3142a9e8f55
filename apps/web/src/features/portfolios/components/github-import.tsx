import type { GithubDraft } from '@portfolio-master/contract';
import { useId, useState } from 'react';
import { FieldErrors } from '../../../components/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/translator';
import { importFromGithub } from '../api/import-from-github';

/**
 * "GitHub’dan olish": a public repository's address fills the portfolio form (`onDraft`); nothing is
 * saved until the form is. A group inside the form, not a form of its own (forms do not nest): Enter in
 * its field asks GitHub instead of submitting the portfolio.
 */
export function GithubImport({ onDraft }: { onDraft: (draft: GithubDraft) => void }) {
  const t = useT();
  const id = useId();
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [filled, setFilled] = useState('');
  // A plain request, not a query: the answer fills the form once and is kept nowhere else.
  const [pending, setPending] = useState(false);

  const fill = () => {
    if (pending || address.trim() === '') return;
    setErrors([]);
    setFilled('');
    setPending(true);
    void importFromGithub(address)
      .then(
        (draft) => {
          onDraft(draft);
          setFilled(
            t('githubImport.filled', {
              name: draft.repoUrl.replace(/^https?:\/\/(www\.)?github\.com\//i, ''),
            }),
          );
        },
        (error: unknown) =>
          setErrors(
            error instanceof ApiError && error.fieldErrors.repoUrl?.length
              ? error.fieldErrors.repoUrl
              : [errorMessage(t, error)],
          ),
      )
      .finally(() => setPending(false));
  };

  const invalid = errors.length > 0;
  return (
    <div
      className={`field github-import${invalid ? ' field--invalid' : ''}`}
      role="group"
      aria-label={t('githubImport.submit')}
    >
      <label htmlFor={id} className="field__label">
        {t('githubImport.label')}
      </label>
      <div className="github-import__row">
        <input
          id={id}
          className="input"
          name="githubRepoUrl"
          type="url"
          inputMode="url"
          placeholder="https://github.com/..."
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              fill();
            }
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
        />
        <button
          type="button"
          className="button"
          onClick={fill}
          disabled={pending || address.trim() === ''}
          aria-busy={pending || undefined}
        >
          {pending ? <span className="spinner" aria-hidden="true" /> : null}
          {pending ? t('githubImport.pending') : t('githubImport.submit')}
        </button>
      </div>
      <p className="field__hint" id={`${id}-hint`}>
        {t('githubImport.hint')}
      </p>
      <FieldErrors id={`${id}-error`} messages={errors} />
      <p className="field__hint" role="status">
        {filled}
      </p>
    </div>
  );
}
