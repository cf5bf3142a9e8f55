import type { User } from '@portfolio-master/contract';
import { CheckIcon } from '../../../components/icons/check';
import { ErrorView } from '../../../components/error-view';
import { useT } from '../../../i18n/translator';
import { useAuth } from '../../auth/api/get-me';
import { useVerifyAffiliation } from '../api/verify-affiliation';

/** For admins, on a profile that states an affiliation: marks it verified, or removes the mark. */
export function AffiliationVerifyButton({ user }: { user: User }) {
  const t = useT();
  const viewer = useAuth().user;
  const verify = useVerifyAffiliation();
  if (!viewer?.isAdmin || !user.affiliation) return null;
  const verified = user.affiliation.verified;
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        disabled={verify.isPending}
        onClick={() => verify.mutate({ userId: user._id, verified: !verified })}
      >
        <CheckIcon />
        {verified ? t('moderation.affiliation.unverify') : t('moderation.affiliation.verify')}
      </button>
      {verify.isError ? <ErrorView error={verify.error} compact /> : null}
    </>
  );
}
