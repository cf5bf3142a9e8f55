import type { PortfolioRef, User } from '@portfolio-master/contract';
import { LIMITS } from '@portfolio-master/contract/constants';
import { useId, useRef, useState } from 'react';
import { ErrorView } from '../../../components/error-view';
import { FieldErrors } from '../../../components/form-field';
import { ChevronDownIcon } from '../../../components/icons/chevron-down';
import { ChevronUpIcon } from '../../../components/icons/chevron-up';
import { CloseIcon } from '../../../components/icons/close';
import { messagesUnder, type FormErrors } from '../../../lib/form-errors';
import { useT } from '../../../i18n/translator';
import { useAllAuthorPortfolios } from '../../portfolios/api/get-author-portfolios';

type Direction = 'up' | 'down';

/**
 * Up to six of the person's own portfolios, shown first on their profile in the order chosen here:
 * ticked in the list of their portfolios, ordered with up and down buttons. A moved portfolio keeps the
 * focus on its button, and a polite status says where it went.
 */
export function PinnedPicker({
  user,
  pinned,
  onChange,
  errors,
}: {
  user: User;
  pinned: string[];
  onChange: (pinned: string[]) => void;
  errors: FormErrors;
}) {
  const t = useT();
  const id = useId();
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<{ id: string; direction: Direction } | null>(null);
  // The pinned ones may be older than the newest the profile lists: both, each once, then the older
  // ones when the person asks for them.
  const [older, setOlder] = useState(false);
  const all = useAllAuthorPortfolios(user.username, older);
  const own = new Map<string, PortfolioRef>();
  const listed = all.data?.pages.flatMap((page) => page.items) ?? [];
  for (const portfolio of [...user.pinned, ...user.portfolios, ...listed]) {
    if (!own.has(portfolio._id)) own.set(portfolio._id, portfolio);
  }
  const moreToShow = older ? all.hasNextPage : user.portfoliosCount > user.portfolios.length;
  const chosen = pinned.map((each) => own.get(each)).filter((each) => each !== undefined);
  const full = pinned.length >= LIMITS.pinned.max;

  const move = (index: number, direction: Direction) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const order = [...pinned];
    [order[index], order[to]] = [order[to]!, order[index]!];
    // At the top or the bottom its button in that direction is disabled: the other one takes the focus.
    const last = order.length - 1;
    const atEnd = (direction === 'up' && to === 0) || (direction === 'down' && to === last);
    focusAfterMove.current = {
      id: order[to]!,
      direction: atEnd ? (direction === 'up' ? 'down' : 'up') : direction,
    };
    onChange(order);
    setAnnouncement(t('profileEdit.pinMoved', { title: chosen[index]!.title, position: to + 1 }));
  };
  const moveButton = (portfolioId: string, direction: Direction) => (node: HTMLButtonElement | null) => {
    const wanted = focusAfterMove.current;
    if (node && wanted?.id === portfolioId && wanted.direction === direction) {
      focusAfterMove.current = null;
      node.focus();
    }
  };

  return (
    <fieldset aria-describedby={`${id}-lead`}>
      <legend>{t('profileEdit.pinned')}</legend>
      <p className="field__hint" id={`${id}-lead`}>
        {t('profileEdit.pinnedLead', { max: LIMITS.pinned.max })}
      </p>
      {chosen.length ? (
        <ol className="pin-order" aria-label={t('profileEdit.pinnedOrder')}>
          {chosen.map((portfolio, index) => (
            <li key={portfolio._id} className="pin-order__item">
              <span className="pin-order__number">{index + 1}</span>
              <span className="pin-order__title">{portfolio.title}</span>
              <button
                ref={moveButton(portfolio._id, 'up')}
                type="button"
                className="icon-button"
                disabled={index === 0}
                aria-label={t('profileEdit.pinUp', { title: portfolio.title })}
                onClick={() => move(index, 'up')}
              >
                <ChevronUpIcon />
              </button>
              <button
                ref={moveButton(portfolio._id, 'down')}
                type="button"
                className="icon-button"
                disabled={index === chosen.length - 1}
                aria-label={t('profileEdit.pinDown', { title: portfolio.title })}
                onClick={() => move(index, 'down')}
              >
                <ChevronDownIcon />
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={t('profileEdit.unpin', { title: portfolio.title })}
                onClick={() => onChange(pinned.filter((each) => each !== portfolio._id))}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {own.size ? (
        <fieldset className="checks pin-choices">
          <legend className="field__label">{t('profileEdit.pinChoose')}</legend>
          {[...own.values()].map((portfolio) => {
            const on = pinned.includes(portfolio._id);
            return (
              <label key={portfolio._id} className="check">
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!on && full}
                  onChange={() =>
                    onChange(
                      on ? pinned.filter((each) => each !== portfolio._id) : [...pinned, portfolio._id],
                    )
                  }
                />
                <span className="check__label">{portfolio.title}</span>
              </label>
            );
          })}
          {full ? (
            <p className="field__hint">{t('profileEdit.pinnedFull', { max: LIMITS.pinned.max })}</p>
          ) : null}
          {moreToShow ? (
            <button
              type="button"
              className="button button--ghost"
              disabled={all.isFetching}
              onClick={() => (older ? void all.fetchNextPage() : setOlder(true))}
            >
              {t('user.showMore')}
            </button>
          ) : null}
          {all.isError ? <ErrorView error={all.error} onRetry={() => void all.refetch()} compact /> : null}
        </fieldset>
      ) : (
        <p className="field__hint">{t('profileEdit.pinnedNone')}</p>
      )}
      <FieldErrors id={`${id}-error`} messages={messagesUnder(errors, 'pinned')} />
    </fieldset>
  );
}
