import type { ModerationAction, ModerationResult, ReportQueueItem } from '@portfolio-master/contract';
import { MODERATION_LIMITS } from '@portfolio-master/contract/constants';
import { useId, useState } from 'react';
import { fullName } from '../../../components/avatar';
import { Dialog } from '../../../components/dialog';
import { FormAlert, TextAreaField } from '../../../components/form-field';
import { noFormErrors, toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useT, type Translate } from '../../../i18n/translator';
import { useModerate, type Moderation } from '../api/moderate';
import { ACTION_NAMES, CONFIRMATIONS } from '../labels';

/** How long a block lasts, as the select offers it; null: for good. */
export const BLOCK_PERIODS = [
  { days: 1, label: 'moderation.periods.day' },
  { days: 7, label: 'moderation.periods.week' },
  { days: 30, label: 'moderation.periods.month' },
  { days: null, label: 'moderation.periods.forGood' },
] as const;

export interface PendingModeration {
  action: ModerationAction;
  item: ReportQueueItem;
}

/** The account an item's block or unblock is about: the owner, or the reported person; null if gone. */
export function blockableUserId(item: ReportQueueItem): string | null {
  return item.target.owner?._id ?? (item.target.kind === 'user' ? item.target._id : null);
}

function confirmation(t: Translate, { action, item }: PendingModeration): string {
  if (action === 'block' || action === 'unblock') {
    const owner = item.target.owner;
    return t(CONFIRMATIONS[action], { name: owner ? fullName(owner) : item.target.label });
  }
  return t(CONFIRMATIONS[action], { label: item.target.label });
}

function toRequest({ action, item }: PendingModeration, reason: string, days: number | null): Moderation {
  if (action === 'block' || action === 'unblock') {
    const userId = blockableUserId(item) ?? item.target._id;
    return action === 'block'
      ? { action, body: { userId, reason, days } }
      : { action, body: { userId, reason } };
  }
  return { action, body: { target: item.target.kind, id: item.target._id, reason } };
}

/**
 * Every moderation asks why: the reason is shown to the person it concerns and kept in the log. A block
 * also asks for how long.
 */
export function ModerationDialog({
  pending,
  onClose,
  onDone,
}: {
  pending: PendingModeration;
  onClose: () => void;
  onDone: (result: ModerationResult) => void;
}) {
  const t = useT();
  const moderate = useModerate();
  const formId = useId();
  const periodId = useId();
  const [reason, setReason] = useState('');
  const [period, setPeriod] = useState('7');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);
  const { action } = pending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors(noFormErrors);
    const text = reason.trim();
    if (!text) {
      setReasonMissing(true);
      return;
    }
    const days = period === 'forever' ? null : Number(period);
    moderate.mutate(toRequest(pending, text, days), {
      onSuccess: onDone,
      onError: (error) => setErrors(toFormErrors(t, error, ['reason', 'days'])),
    });
  };

  return (
    <Dialog
      title={t(ACTION_NAMES[action])}
      formId={formId}
      okLabel={t(ACTION_NAMES[action])}
      danger={action === 'delete' || action === 'block'}
      onClose={onClose}
      onCancel={onClose}
      loading={moderate.isPending}
      message={
        <form id={formId} className="form" onSubmit={submit} noValidate>
          <p className="moderation-dialog__what">{confirmation(t, pending)}</p>
          {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
          <TextAreaField
            label={t('moderation.reason')}
            name="reason"
            className="input textarea moderation-dialog__reason"
            hint={t('moderation.reasonHint')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonMissing(false);
            }}
            maxLength={MODERATION_LIMITS.reason}
            errors={reasonMissing ? [t('moderation.reasonRequired')] : errors.fields.reason}
            required
            data-autofocus
          />
          {action === 'block' ? (
            <div className="field">
              <label htmlFor={periodId} className="field__label">
                {t('moderation.period')}
              </label>
              <select
                id={periodId}
                name="days"
                className="input"
                value={period}
                onChange={(event) => setPeriod(event.target.value)}
              >
                {BLOCK_PERIODS.map((option) => (
                  <option key={option.label} value={option.days ?? 'forever'}>
                    {t(option.label)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </form>
      }
    />
  );
}
