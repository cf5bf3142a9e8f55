import { LIMITS } from '@portfolio-master/contract/constants';
import { useState } from 'react';
import { Avatar, fullName } from '../../../components/avatar';
import { TextField } from '../../../components/form-field';
import { useT } from '../../../i18n/translator';
import { errorMessage } from '../../../lib/api-client';
import { useCoauthors, useInviteCoauthor, useRemoveCoauthor } from '../api/coauthors';

/**
 * "Hammualliflar" on the owner's edit form: invite by username, see who has not answered yet, remove.
 * Each change is sent at once; it is not part of the form's submit.
 */
export function CoauthorsEditor({ portfolioId }: { portfolioId: string }) {
  const t = useT();
  const list = useCoauthors(portfolioId);
  const invite = useInviteCoauthor(portfolioId);
  const remove = useRemoveCoauthor(portfolioId);
  const [username, setUsername] = useState('');
  const people = list.data ?? [];
  const full = people.length >= LIMITS.coauthors.max;
  const error = invite.error ?? remove.error;
  return (
    <section className="panel form-card coauthors-editor" aria-labelledby="coauthors-title">
      <h2 id="coauthors-title">{t('coauthors.title')}</h2>
      <p className="muted">{t('coauthors.lead', { max: LIMITS.coauthors.max })}</p>
      {people.length ? (
        <ul className="coauthors-editor__list">
          {people.map((person) => (
            <li key={person._id}>
              <Avatar user={person} size={30} decorative />
              <span>
                {fullName(person)} <span className="muted">@{person.username}</span>
              </span>
              {person.status === 'invited' ? <span className="muted">{t('coauthors.invited')}</span> : null}
              <button
                type="button"
                className="button button--ghost"
                disabled={remove.isPending}
                onClick={() => remove.mutate(person.username)}
              >
                {t('coauthors.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? null : (
        <form
          className="coauthors-editor__invite"
          onSubmit={(event) => {
            event.preventDefault();
            const name = username.trim().replace(/^@/, '');
            if (!name) return;
            invite.mutate(name, { onSuccess: () => setUsername('') });
          }}
        >
          <TextField
            label={t('coauthors.username')}
            name="coauthor"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            maxLength={100}
            autoComplete="off"
          />
          <button type="submit" className="button" disabled={invite.isPending}>
            {t('coauthors.invite')}
          </button>
        </form>
      )}
      {error ? (
        <p className="form-alert" role="alert">
          {errorMessage(t, error)}
        </p>
      ) : null}
    </section>
  );
}
