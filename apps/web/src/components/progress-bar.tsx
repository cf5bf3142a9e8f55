/** Upload progress, 0 to 1. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(value * 100);
  return (
    <div className="field">
      <div
        className="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={label}
      >
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="field__hint" aria-hidden="true">
        {label}
      </span>
    </div>
  );
}
