import { useLocation, useNavigate } from '../lib/router';
import { useT } from '../i18n/translator';
import { ArrowLeftIcon } from './icons/arrow-left';

/** A back arrow to the previous page; a visitor who arrived here directly goes to the list. */
export function BackBar({ title }: { title?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="back-bar">
      <button
        type="button"
        className="back-bar__button"
        onClick={() => (location.key !== 'default' ? navigate(-1) : navigate('/page/1'))}
      >
        <ArrowLeftIcon />
        <span>{t('nav.back')}</span>
      </button>
      {title ? <span className="back-bar__title">{title}</span> : null}
    </div>
  );
}
