import { useLocale } from '../i18n/translator';
import { useNow } from '../lib/now';
import { fullDate, relativeTime } from '../lib/format';

export function RelativeDate({ date, className }: { date: string; className?: string }) {
  const locale = useLocale();
  const now = useNow();
  // A browser's Intl data may word a time unlike the server's (another CLDR version): its own words
  // replace the server's at the clock's next tick instead of failing the hydration.
  return (
    <time className={className} dateTime={date} title={fullDate(locale, date)} suppressHydrationWarning>
      {relativeTime(locale, date, now)}
    </time>
  );
}
