import { useT } from '../i18n/translator';

export function Spinner({ label, size = 24 }: { label?: string; size?: number }) {
  const t = useT();
  return (
    <span className="spinner" role="status" style={{ width: size, height: size }}>
      <span className="visually-hidden">{label ?? t('status.loading')}</span>
    </span>
  );
}

/** A centred spinner for a page or section that is still loading. */
export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner size={36} />
    </div>
  );
}
