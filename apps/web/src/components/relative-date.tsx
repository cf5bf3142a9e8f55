import { useLocale, useT } from '../i18n/translator';
import { useNow } from '../lib/now';
import { fullDate, relativeTime } from '../lib/format';

export function RelativeDate({ date, className }: { date: string; className?: string }) {
  const t = useT();
  const locale = useLocale();
  const now = useNow();
  // The title names its month in the runtime's own Intl words (Russian, English), which a browser's CLDR
  // may word unlike the server's: the server's stay until the clock's next tick instead of failing the
  // hydration.
  return (
    <time className={className} dateTime={date} title={fullDate(locale, date)} suppressHydrationWarning>
      {relativeTime(t, date, now)}
    </time>
  );
}
