import { useEffect, useState } from 'react';
import { useT } from '../i18n/translator';
import { registerServiceWorker } from '../lib/service-worker';

/**
 * Registers the service worker once the page has loaded and, when a new build is waiting, says so:
 * "Yangi versiya bor" with a button that switches to it (the page reloads once). Nothing is shown
 * before that, so the server's HTML and the first render agree.
 */
export function UpdatePrompt() {
  const t = useT();
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => registerServiceWorker((update) => setApply(() => update)), []);
  if (!apply) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{t('offline.newVersion')}</span>
      <button type="button" className="button button--primary" onClick={apply}>
        {t('offline.update')}
      </button>
    </div>
  );
}
