import { SCRIPTS, type Script } from '@portfolio-master/contract/script';
import { Fragment } from 'react';
import { useScript } from '../i18n/script';
import { useTexts } from '../i18n/uz';
import { useLocation } from '../lib/router';

/** Each script's name written in itself, whatever the page's script. */
const NAMES: Record<Script, { name: string; lang: string }> = {
  latn: { name: 'Lotin', lang: 'uz-Latn' },
  cyrl: { name: 'Кирилл', lang: 'uz-Cyrl' },
};

/**
 * `Lotin | Кирилл`: plain links to the server, which remembers the choice in a cookie and sends the
 * reader back to this page, rendered in that script from its first byte (no JavaScript needed).
 */
export function ScriptSwitch({ className = '' }: { className?: string }) {
  const uz = useTexts();
  const location = useLocation();
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  const current = useScript();
  return (
    <div className={`script-switch ${className}`.trim()} role="group" aria-label={uz.script.label}>
      {SCRIPTS.map((script, index) => (
        <Fragment key={script}>
          {index > 0 ? (
            <span className="script-switch__bar" aria-hidden="true">
              |
            </span>
          ) : null}
          <a
            href={`/api/script/${script}?back=${back}`}
            className="script-switch__option"
            lang={NAMES[script].lang}
            rel="nofollow"
            aria-current={script === current ? 'true' : undefined}
          >
            {NAMES[script].name}
          </a>
        </Fragment>
      ))}
    </div>
  );
}
