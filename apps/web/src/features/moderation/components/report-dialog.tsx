import type { ReportReason, ReportTarget } from '@portfolio-master/contract';
import { MODERATION_LIMITS, REPORT_REASONS } from '@portfolio-master/contract/constants';
import { useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { FieldErrors, FormAlert } from '../../../components/form-field';
import { noFormErrors, toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useT } from '../../../i18n/translator';
import { useCreateReport } from '../api/create-report';
import { REASON_NAMES, REPORTED_THING } from '../labels';

export interface ReportDialogProps {
  target: ReportTarget;
  id: string;
  /** What is reported, as the person sees it: a title, the start of a comment, a name. */
  label: string;
  onClose: () => void;
  onSent: () => void;
}

/**
 * "Shikoyat qilish": a reason and, if the person wants, a few words, sent to the moderators. Its own chunk
 * (the reasons' labels come with the contract), loaded when someone first means to report.
 */
export function ReportDialog({ target, id, label, onClose, onSent }: ReportDialogProps) {
  const t = useT();
  const report = useCreateReport();
  const formId = useId();
  const detailsId = useId();
  const hintId = useId();
  const reasonErrorId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors(noFormErrors);
    if (!reason) {
      setReasonMissing(true);
      return;
    }
    report.mutate(
      { target, id, reason, details: details.trim() },
      { onSuccess: onSent, onError: (error) => setErrors(toFormErrors(t, error, ['reason', 'details'])) },
    );
  };

  const reasonErrors = reasonMissing && !reason ? [t('report.reasonRequired')] : errors.fields.reason;
  const detailsErrors = errors.fields.details;
  return (
    <Dialog
      title={t('report.title')}
      formId={formId}
      okLabel={t('report.submit')}
      onClose={onClose}
      onCancel={onClose}
      loading={report.isPending}
      message={
        <form id={formId} className="form report-form" onSubmit={submit} noValidate>
          <p className="muted report-form__about">{t(REPORTED_THING[target], { label })}</p>
          {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
          <fieldset className="checks" aria-describedby={reasonErrors?.length ? reasonErrorId : undefined}>
            <legend className="field__label is-required">{t('report.reason')}</legend>
            {REPORT_REASONS.map((value, index) => (
              <label key={value} className="check">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  required
                  data-autofocus={index === 0 ? true : undefined}
                />
                <span className="check__label">{t(REASON_NAMES[value])}</span>
              </label>
            ))}
            <FieldErrors id={reasonErrorId} messages={reasonErrors} />
          </fieldset>
          <div className={`field${detailsErrors?.length ? ' field--invalid' : ''}`}>
            <label htmlFor={detailsId} className="field__label">
              {t('report.details')}
            </label>
            <textarea
              id={detailsId}
              name="details"
              className="input textarea report-form__details"
              value={details}
              maxLength={MODERATION_LIMITS.details}
              onChange={(event) => setDetails(event.target.value)}
              aria-invalid={detailsErrors?.length ? true : undefined}
              aria-describedby={`${hintId}${detailsErrors?.length ? ` ${detailsId}-error` : ''}`}
            />
            <p className="field__hint" id={hintId}>
              {t('report.detailsHint', { max: MODERATION_LIMITS.details })}
            </p>
            <FieldErrors id={`${detailsId}-error`} messages={detailsErrors} />
          </div>
        </form>
      }
    />
  );
}
