import type { Block, Hidden, User } from '@portfolio-master/contract';
import { fullDate } from '../../../lib/relative-time';
import { useTexts, type Texts } from '../../../i18n/uz';

/** "Sizga …gacha yozish taqiqlangan. Sabab: …" (or for good). */
export function blockedText(uz: Texts, block: Block): string {
  return block.until
    ? uz.notices.blockedUntil(fullDate(block.until), block.reason)
    : uz.notices.blockedForGood(block.reason);
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
  const uz = useTexts();
  return hidden ? <Notice>{uz.notices.portfolioHidden(hidden.reason)}</Notice> : null;
}

/** On my own profile: whether a moderator hid it, and whether I may write. */
export function MyAccountNotices({ user }: { user: User }) {
  const uz = useTexts();
  return (
    <>
      <BlockedNotice user={user} />
      {user.hidden ? <Notice>{uz.notices.profileHidden(user.hidden.reason)}</Notice> : null}
    </>
  );
}

/** Above the forms a blocked person cannot send: why, and until when. */
export function BlockedNotice({ user }: { user: User | null }) {
  const uz = useTexts();
  return user?.blocked ? <Notice>{blockedText(uz, user.blocked)}</Notice> : null;
}
