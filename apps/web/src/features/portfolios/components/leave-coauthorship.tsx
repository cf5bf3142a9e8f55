import { useT } from '../../../i18n/translator';
import { errorMessage } from '../../../lib/api-client';
import { useRemoveCoauthor } from '../api/coauthors';

/** "Hammualliflikdan chiqish": a co-author takes their credit off the portfolio. */
export function LeaveCoauthorship({ portfolioId }: { portfolioId: string }) {
  const t = useT();
  const leave = useRemoveCoauthor(portfolioId);
  return (
    <section className="panel actions actions--fill">
      <button
        type="button"
        className="button button--ghost"
        disabled={leave.isPending}
        onClick={() => leave.mutate('me')}
      >
        {t('coauthors.leave')}
      </button>
      {leave.error ? (
        <p className="form-alert" role="alert">
          {errorMessage(t, leave.error)}
        </p>
      ) : null}
    </section>
  );
}
