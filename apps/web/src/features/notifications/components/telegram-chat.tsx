import type { User } from '@portfolio-master/contract';
import { useId, useState } from 'react';
import { TelegramIcon } from '../../../components/icons/telegram';
import { RelativeDate } from '../../../components/relative-date';
import { errorMessage } from '../../../lib/api-client';
import { useTelegramBotId } from '../../../lib/site-url';
import { useT } from '../../../i18n/translator';
import { useTelegramChatLink, useTelegramChatState, useUnlinkTelegramChat } from '../api/telegram-chat';
import { KindSwitches, useKindSwitches } from './notification-settings';

/** Which kinds of notification the bot sends: saved as each box is ticked, as the mail's are. */
function TelegramKinds() {
  const t = useT();
  const { save, switches, toggle } = useKindSwitches('telegram');
  if (!switches) return null;
  return (
    <>
      <KindSwitches channel="telegram" legend={t('telegramChat.kinds')} switches={switches} toggle={toggle} />
      {save.isError ? (
        <p className="field__error" role="alert">
          {errorMessage(t, save.error)}
        </p>
      ) : null}
    </>
  );
}

/**
 * "Telegram orqali olish": the bot's address with a one-time start token; once the person presses Start
 * in Telegram the bot links the chat and the section says so, with the way to stop. Shown only where the
 * site has a bot.
 */
export function TelegramChatSection({ user }: { user: User }) {
  const t = useT();
  const botId = useTelegramBotId();
  const headingId = useId();
  const link = useTelegramChatLink();
  const unlink = useUnlinkTelegramChat();
  const [address, setAddress] = useState<string | null>(null);
  const state = useTelegramChatState(address !== null && !user.telegramChat?.linked);
  if (!botId) return null;
  const linked = user.telegramChat?.linked ? user.telegramChat : state.data?.linked ? state.data : null;
  const failure = link.error ?? unlink.error;
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="section-title" id={headingId}>
        {t('telegramChat.title')}
      </h2>
      {linked ? (
        <>
          <p role="status">
            <TelegramIcon /> {t('telegramChat.linked')}{' '}
            {linked.linkedAt ? <RelativeDate date={linked.linkedAt} className="muted" /> : null}
          </p>
          <TelegramKinds />
          <button
            type="button"
            className="button button--ghost"
            disabled={unlink.isPending}
            onClick={() => {
              setAddress(null);
              unlink.mutate();
            }}
          >
            {t('telegramChat.unlink')}
          </button>
        </>
      ) : (
        <>
          <p className="muted">{t('telegramChat.lead')}</p>
          {address ? (
            <>
              <a href={address} target="_blank" rel="noopener noreferrer" className="button button--primary">
                <TelegramIcon /> {t('telegramChat.open')}
              </a>
              <p className="muted" role="status">
                {t('telegramChat.waiting')}
              </p>
            </>
          ) : (
            <button
              type="button"
              className="button button--primary"
              disabled={link.isPending}
              onClick={() => link.mutate(undefined, { onSuccess: ({ url }) => setAddress(url) })}
            >
              <TelegramIcon /> {t('telegramChat.link')}
            </button>
          )}
        </>
      )}
      {failure ? (
        <p className="field__error" role="alert">
          {errorMessage(t, failure)}
        </p>
      ) : null}
    </section>
  );
}
