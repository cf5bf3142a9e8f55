import type { BlockedPerson } from '@portfolio-master/contract';
import { useId } from 'react';
import { StatusIndicator } from '../../../components/status-indicator';
import { errorMessage } from '../../../lib/api-client';
import { Link } from '../../../lib/router';
import { useT } from '../../../i18n/translator';
import { useMyBlocks, useSetBlock, type BlockKind } from '../api/blocks';

/** One person in the list, with the button that undoes the block or mute. */
function BlockedRow({ person, kind }: { person: BlockedPerson; kind: BlockKind }) {
  const t = useT();
  const undo = useSetBlock(person.user, kind);
  const name = `${person.user.firstname} ${person.user.lastname}`.trim() || person.user.username;
  return (
    <li className="blocked-person">
      <Link to={`/profile/${encodeURIComponent(person.user.username)}`}>{name}</Link>{' '}
      <span className="muted">@{person.user.username}</span>
      <button
        type="button"
        className="button button--ghost"
        disabled={undo.isPending}
        onClick={() => undo.mutate(false)}
      >
        {kind === 'block' ? t('blocks.unblock') : t('blocks.unmute')}
      </button>
      {undo.isError ? <StatusIndicator status="error" message={errorMessage(t, undo.error)} /> : null}
    </li>
  );
}

/** "Bloklanganlar va ovozsizlar" in settings: whom I blocked and muted, each undone here. */
export function BlocksSection() {
  const t = useT();
  const headingId = useId();
  const list = useMyBlocks();
  const groups = [
    ['block', list.data?.blocked ?? [], t('blocks.blockedTitle')],
    ['mute', list.data?.muted ?? [], t('blocks.mutedTitle')],
  ] as const;
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="section-title" id={headingId}>
        {t('blocks.section')}
      </h2>
      {list.isError ? <StatusIndicator status="error" message={errorMessage(t, list.error)} /> : null}
      {groups.map(([kind, people, title]) => (
        <div key={kind}>
          <h3>{title}</h3>
          {people.length === 0 ? (
            <p className="muted">{t('blocks.none')}</p>
          ) : (
            <ul className="blocked-people">
              {people.map((person) => (
                <BlockedRow key={person.user._id} person={person} kind={kind} />
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
