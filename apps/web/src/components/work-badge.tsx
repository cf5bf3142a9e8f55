import type { WorkStatus } from '@portfolio-master/contract';
import type { MessageKey } from '@portfolio-master/i18n';
import { useT } from '../i18n/translator';

/** The catalog's names of the open-to-work statuses (keys written out, decision 38). */
export const WORK_STATUS_NAMES = {
  looking: 'workStatus.looking',
  open: 'workStatus.open',
  not: 'workStatus.not',
} as const satisfies Record<WorkStatus, MessageKey>;

/**
 * "Ishga tayyor" or "Takliflarga ochiq"; nothing for a person who looks for no work. Shown on the profile,
 * on people's cards and beside the author of a portfolio (`small` there, beside the name).
 */
export function WorkBadge({ status, small = false }: { status: WorkStatus; small?: boolean }) {
  const t = useT();
  if (status !== 'looking' && status !== 'open') return null;
  return (
    <span className={`work-badge work-badge--${status}${small ? ' work-badge--small' : ''}`}>
      {t(WORK_STATUS_NAMES[status])}
    </span>
  );
}
