import { Link, useParams } from '../../lib/router';
import { BackBar } from '../../components/back-bar';
import { ErrorBoundary } from '../../components/error-boundary';
import { ErrorView } from '../../components/error-view';
import { EditIcon } from '../../components/icons';
import { PageSpinner } from '../../components/spinner';
import { useAuth } from '../../features/auth/api/get-me';
import { useUser } from '../../features/users/api/get-user';
import { UserProfile } from '../../features/users/components/user-profile';
import { uz } from '../../i18n/uz';

export function EditProfileLink({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/profile?edit=1" className="button button--ghost" onClick={onClick}>
      <EditIcon />
      {uz.user.editProfile}
    </Link>
  );
}

export function UserProfileRoute() {
  const { username = '' } = useParams();
  const query = useUser(username);
  const { user: me } = useAuth();
  return (
    <div className="container page">
      <BackBar />
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data === null ? (
        <div className="empty">
          <h1>{uz.user.notFoundTitle}</h1>
          <p>{uz.user.notFound}</p>
          <Link to="/page/1" className="button button--primary">
            {uz.notFound.home}
          </Link>
        </div>
      ) : (
        <ErrorBoundary>
          <UserProfile
            user={query.data}
            own={me?._id === query.data._id}
            actions={me?._id === query.data._id ? <EditProfileLink /> : null}
          />
        </ErrorBoundary>
      )}
    </div>
  );
}
