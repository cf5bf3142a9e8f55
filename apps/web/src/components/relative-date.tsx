import { useTexts } from '../i18n/uz';
import { useNow } from '../lib/now';
import { fullDate, relativeTime } from '../lib/relative-time';

export function RelativeDate({ date, className }: { date: string; className?: string }) {
  const uz = useTexts();
  const now = useNow();
  return (
    <time className={className} dateTime={date} title={fullDate(date)}>
      {relativeTime(uz, date, now)}
    </time>
  );
}
