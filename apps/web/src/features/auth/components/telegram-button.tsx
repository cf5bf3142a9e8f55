import type { TelegramPayload } from '@portfolio-master/contract';
import type { Locale } from '@portfolio-master/i18n';
import { useEffect, useState } from 'react';
import { TelegramIcon } from '../../../components/icons/telegram';
import { useLocale, useT } from '../../../i18n/translator';
import { useTelegramBotId } from '../../../lib/site-url';

/** Telegram's Login Widget script: `Telegram.Login.auth` opens Telegram's own sign-in window. */
export const TELEGRAM_WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';

interface TelegramLogin {
  auth(options: { bot_id: string; lang?: string }, callback: (data: TelegramPayload | false) => void): void;
}

declare global {
  interface Window {
    Telegram?: { Login?: TelegramLogin };
  }
}

/** Telegram's window in the page's language: it speaks Uzbek (in Latin), Russian and English. */
const TELEGRAM_LANGUAGES: Record<Locale, string> = { 'uz-Latn': 'uz', 'uz-Cyrl': 'uz', ru: 'ru', en: 'en' };

let loading: Promise<TelegramLogin> | undefined;

/** The widget's script, fetched once, the first time a page with the button opens. */
function loadWidget(): Promise<TelegramLogin> {
  const loaded = window.Telegram?.Login;
  if (loaded) return Promise.resolve(loaded);
  loading ??= new Promise<TelegramLogin>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TELEGRAM_WIDGET_SCRIPT;
    script.async = true;
    script.onload = () => {
      const login = window.Telegram?.Login;
      if (login) resolve(login);
      else reject(new Error('Telegram.Login is missing'));
    };
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('The Telegram widget did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Our own button (in the page's language) for Telegram's sign-in window: what Telegram vouches for (its
 * signed payload) goes to `onAuth`. Nothing shows when signing in with Telegram is off. The window must be
 * opened by the click itself (or browsers block it), so the script is loaded as soon as the button shows.
 */
export function TelegramButton({
  label,
  onAuth,
  busy = false,
}: {
  label: string;
  onAuth: (payload: TelegramPayload) => void;
  busy?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const botId = useTelegramBotId();
  const [widget, setWidget] = useState<TelegramLogin | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!botId) return;
    let live = true;
    loadWidget().then(
      (login) => live && setWidget(() => login),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [botId]);

  if (!botId) return null;
  // No `request_access`: the site never writes to anyone through the bot, so it does not ask to.
  const open = () =>
    widget?.auth({ bot_id: botId, lang: TELEGRAM_LANGUAGES[locale] }, (data) => {
      if (data) onAuth(data);
    });
  return (
    <div className="telegram-sign-in">
      <button
        type="button"
        className="button button--telegram button--block"
        onClick={open}
        disabled={busy || widget === null}
        aria-busy={busy || (widget === null && !failed)}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : <TelegramIcon />}
        {label}
      </button>
      {failed ? (
        <p className="field__hint" role="status">
          {t('telegram.unavailable')}
        </p>
      ) : null}
    </div>
  );
}
