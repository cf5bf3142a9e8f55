import { Link } from '../../../lib/router';
import { AdminBadge, Avatar, fullName } from '../../../components/avatar';
import { ErrorView } from '../../../components/error-view';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../i18n/translator';
import { useUsers } from '../api/get-users';

/** 'Foydalanuvchilar': each user links to their profile with email and portfolio count; below, the directory. */
export function UsersCard() {
  const t = useT();
  const query = useUsers(8);
  return (
    <section className="panel users-card" aria-labelledby="users-card-title">
      <h2 id="users-card-title" className="panel__title">
        {t('users.title')}
      </h2>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} compact />
      ) : query.data.length === 0 ? (
        <p className="muted">{t('users.empty')}</p>
      ) : (
        <ul className="users-card__list">
          {query.data.map((user) => (
            <li key={user._id}>
              <Link to={`/profile/${encodeURIComponent(user.username)}`} className="user-row">
                <Avatar user={user} size={70} decorative />
                <span className="user-row__text">
                  <span className="user-row__name">
                    {fullName(user)}
                    {user.isAdmin ? <AdminBadge /> : null}
                  </span>
                  <span className="user-row__email">{user.email ?? t('users.hiddenEmail')}</span>
                  <span className="user-row__count">
                    {t('users.portfolios', { count: user.portfoliosCount })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/people" className="users-card__all">
        {t('directory.all')}
      </Link>
    </section>
  );
}
