import { useState } from 'react';
import { BackBar } from '../../components/back-bar';
import { AccountSettings } from '../../features/account/components/account-settings';
import { ErrorBoundary } from '../../components/error-boundary';
import { PageSpinner } from '../../components/spinner';
import { StatusIndicator } from '../../components/status-indicator';
import { useAuth } from '../../features/auth/api/get-me';
import { MyAccountNotices } from '../../features/moderation/components/moderation-notices';
import { ProfileEditForm } from '../../features/profile/components/profile-edit-form';
import { DraftList } from '../../features/portfolios/components/draft-list';
import { UserProfile } from '../../features/users/components/user-profile';
import { useLocation, useSearchParams } from '../../lib/router';
import { useT } from '../../i18n/translator';
import { EditProfileLink } from './profile';
import { RequireAuth } from './require-auth';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

/** The signed-in user's own profile, and its edit form (its own chunk: other profiles need neither). */
function MyProfile() {
  const t = useT();
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
      <MyAccountNotices user={user} />
      {editing ? (
        <>
          <section className="panel form-card">
            <ProfileEditForm
              user={user}
              onDone={(saved) => {
                setNotice(saved ? t('profileEdit.saved') : null);
                setParams({}, { replace: true });
              }}
            />
          </section>
          <AccountSettings user={user} />
        </>
      ) : (
        <ErrorBoundary>
          <UserProfile user={user} own actions={<EditProfileLink onClick={() => setNotice(null)} />} />
          <DraftList />
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

export const page: Page = {
  Component: MyProfileRoute,
  head: (context) =>
    privateHead((t) => (context.search.get('edit') === '1' ? t('profileEdit.title') : t('user.myProfile')))(
      context,
    ),
};
