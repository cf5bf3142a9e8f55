import { fullDate, relativeTime } from '../lib/relative-time';

export function RelativeDate({ date, className }: { date: string; className?: string }) {
  return (
    <time className={className} dateTime={date} title={fullDate(date)}>
      {relativeTime(date)}
    </time>
  );
}
