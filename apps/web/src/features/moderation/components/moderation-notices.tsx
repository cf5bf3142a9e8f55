import type { Block, Hidden, User } from '@portfolio-master/contract';
import type { Locale } from '@portfolio-master/i18n';
import { fullDate } from '../../../lib/format';
import { useLocale, useT, type Translate } from '../../../i18n/translator';

/** "Sizga …gacha yozish taqiqlangan. Sabab: …" (or for good). */
export function blockedText(t: Translate, locale: Locale, block: Block): string {
  return block.until
    ? t('notices.blockedUntil', { date: fullDate(locale, block.until), reason: block.reason })
    : t('notices.blockedForGood', { reason: block.reason });
}

function Notice({ children }: { children: string }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}

/** Shown to the author (and admins) of a portfolio a moderator hid; nobody else can open it. */
export function PortfolioHiddenNotice({ hidden }: { hidden: Hidden | null | undefined }) {
  const t = useT();
  return hidden ? <Notice>{t('notices.portfolioHidden', { reason: hidden.reason })}</Notice> : null;
}

/** On my own profile: whether a moderator hid it, and whether I may write. */
export function MyAccountNotices({ user }: { user: User }) {
  const t = useT();
  return (
    <>
      <BlockedNotice user={user} />
      {user.hidden ? <Notice>{t('notices.profileHidden', { reason: user.hidden.reason })}</Notice> : null}
    </>
  );
}

/** Above the forms a blocked person cannot send: why, and until when. */
export function BlockedNotice({ user }: { user: User | null }) {
  const t = useT();
  const locale = useLocale();
  return user?.blocked ? <Notice>{blockedText(t, locale, user.blocked)}</Notice> : null;
}
