import { LOCALE_INFO, LOCALES } from '@portfolio-master/i18n/locales';
import { Fragment, useEffect, useRef } from 'react';
import { GlobeIcon } from '../components/icons/globe';
import { useLocale, useT } from '../i18n/translator';
import { useLocation } from '../lib/router';

/**
 * "O‘zbekcha | Ўзбекча | Русский | English", each named in itself: plain links to the server, which
 * remembers the choice in the `lang` cookie and sends the reader to this same page in that language
 * (decision 38), so they work before the app has loaded, or without it.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useT();
  const current = useLocale();
  const { pathname, search } = useLocation();
  // The page without its language prefix: the server puts the chosen language's in front of it.
  const back = encodeURIComponent(pathname + search);
  return (
    <div className={`language-switch ${className}`.trim()} role="group" aria-label={t('site.language')}>
      {LOCALES.map((locale, index) => (
        <Fragment key={locale}>
          {index > 0 ? (
            <span className="language-switch__bar" aria-hidden="true">
              |
            </span>
          ) : null}
          <a
            href={`/api/locale/${locale}?back=${back}`}
            className="language-switch__option"
            lang={LOCALE_INFO[locale].tag}
            hrefLang={LOCALE_INFO[locale].tag}
            rel="nofollow"
            aria-current={locale === current ? 'true' : undefined}
          >
            {LOCALE_INFO[locale].name}
          </a>
        </Fragment>
      ))}
    </div>
  );
}

/**
 * The switch in a wide header: the page's language, opening onto the four. A `<details>` opens without
 * JavaScript, and keeps the row of links from crowding the header's own.
 */
export function LanguageMenu({ className = '' }: { className?: string }) {
  const t = useT();
  const current = useLocale();
  const menu = useRef<HTMLDetailsElement>(null);
  // Once the app runs, the list closes as menus do: on Escape and on a click anywhere else.
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return (
    <details ref={menu} className={`language-menu ${className}`.trim()}>
      <summary className="language-menu__button" title={t('site.language')}>
        <GlobeIcon />
        <span lang={LOCALE_INFO[current].tag}>{LOCALE_INFO[current].name}</span>
      </summary>
      <LanguageSwitch className="language-menu__list" />
    </details>
  );
}
