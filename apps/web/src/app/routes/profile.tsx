import { useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from '../../lib/router';
import { BackBar } from '../../components/back-bar';
import { ErrorBoundary } from '../../components/error-boundary';
import { ErrorView } from '../../components/error-view';
import { EditIcon } from '../../components/icons';
import { PageSpinner } from '../../components/spinner';
import { StatusIndicator } from '../../components/status-indicator';
import { useAuth } from '../../features/auth/api/get-me';
import { ProfileEditForm } from '../../features/profile/components/profile-edit-form';
import { useUser } from '../../features/users/api/get-user';
import { UserProfile } from '../../features/users/components/user-profile';
import { uz } from '../../i18n/uz';
import { RequireAuth } from './require-auth';

function EditProfileLink({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/profile?edit=1" className="button button--ghost" onClick={onClick}>
      <EditIcon />
      {uz.user.editProfile}
    </Link>
  );
}

function MyProfile() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit') === '1';
  const [notice, setNotice] = useState<string | null>(
    (location.state as { notice?: string } | null)?.notice ?? null,
  );

  if (isLoading || !user) return <PageSpinner />;
  return (
    <>
      {notice ? <StatusIndicator status="success" message={notice} /> : null}
      {editing ? (
        <section className="panel form-card">
          <ProfileEditForm
            user={user}
            onDone={(saved) => {
              setNotice(saved ? uz.profileEdit.saved : null);
              setParams({}, { replace: true });
            }}
          />
        </section>
      ) : (
        <ErrorBoundary>
          <UserProfile user={user} own actions={<EditProfileLink onClick={() => setNotice(null)} />} />
        </ErrorBoundary>
      )}
    </>
  );
}

export function MyProfileRoute() {
  return (
    <RequireAuth>
      <div className="container page">
        <BackBar />
        <MyProfile />
      </div>
    </RequireAuth>
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
