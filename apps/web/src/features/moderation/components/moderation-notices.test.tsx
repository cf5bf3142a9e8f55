import type { User } from '@portfolio-master/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlockedNotice, MyAccountNotices, PortfolioHiddenNotice } from './moderation-notices';
import { render } from '../../../test/render';
import { fullDate } from '../../../lib/format';
import { t } from '../../../test/translators';

const user = {
  _id: '1'.repeat(24),
  username: 'ali',
  firstname: 'Ali',
  lastname: 'Valiyev',
  isAdmin: false,
} as User;

describe('moderation notices', () => {
  it('tells the author why the portfolio was hidden', () => {
    render(<PortfolioHiddenNotice hidden={{ reason: 'Reklama', date: '2026-05-01T10:00:00Z' }} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Bu portfolio moderator tomonidan yashirilgan. Sabab: Reklama',
    );
  });

  it('says nothing when nothing was done', () => {
    const { container } = render(
      <>
        <PortfolioHiddenNotice hidden={null} />
        <BlockedNotice user={{ ...user, blocked: null }} />
        <BlockedNotice user={null} />
        <MyAccountNotices user={user} />
      </>,
    );
    expect(container.textContent).toBe('');
  });

  it('says until when, in Tashkent time, a block lasts, or that it is for good', () => {
    const { rerender } = render(
      <BlockedNotice
        user={{
          ...user,
          blocked: { until: '2026-06-10T07:00:00Z', reason: 'Spam', date: '2026-06-03T07:00:00Z' },
        }}
      />,
    );
    const notice = screen.getByRole('status').textContent;
    expect(notice).toBe(
      t('notices.blockedUntil', { date: fullDate('uz-Latn', '2026-06-10T07:00:00Z'), reason: 'Spam' }),
    );
    // 07:00 UTC is noon in Tashkent.
    expect(notice).toContain('12:00gacha');
    rerender(
      <BlockedNotice
        user={{ ...user, blocked: { until: null, reason: 'Spam', date: '2026-06-03T07:00:00Z' } }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Sizga yozish butunlay taqiqlangan. Sabab: Spam');
  });

  it('tells me on my profile that it is hidden and that I may not write', () => {
    render(
      <MyAccountNotices
        user={{
          ...user,
          hidden: { reason: 'Soxta profil', date: '2026-06-03T07:00:00Z' },
          blocked: { until: null, reason: 'Spam', date: '2026-06-03T07:00:00Z' },
        }}
      />,
    );
    expect(screen.getAllByRole('status').map((notice) => notice.textContent)).toEqual([
      'Sizga yozish butunlay taqiqlangan. Sabab: Spam',
      'Profilingiz moderator tomonidan yashirilgan. Sabab: Soxta profil',
    ]);
  });
});
