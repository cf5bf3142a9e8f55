import type { User } from '@portfolio-master/contract';
import { lazy, Suspense } from 'react';
import { withMessages } from '../../../i18n/messages';
import { useAuth } from '../../auth/api/get-me';

const loadButton = withMessages(
  'src/features/moderation/components/affiliation-verify.tsx',
  () => import('./affiliation-verify'),
);
const AffiliationVerifyButton = lazy(() =>
  loadButton().then((module) => ({ default: module.AffiliationVerifyButton })),
);

/**
 * `AffiliationVerifyButton` on a profile: shown to admins only, so its code is fetched only when an admin
 * opens a profile that states an affiliation.
 */
export function AdminAffiliationVerify({ user }: { user: User }) {
  const viewer = useAuth().user;
  if (!viewer?.isAdmin || !user.affiliation) return null;
  return (
    <Suspense fallback={null}>
      <AffiliationVerifyButton user={user} />
    </Suspense>
  );
}
