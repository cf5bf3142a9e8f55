import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/translator';
import { CloseIcon } from './icons/close';
import { Spinner } from './spinner';

export interface DialogProps {
  /** The dialog is open while there is a message; the close icon clears it through `onClose`. */
  message: ReactNode | null;
  /** `dialog.title` ("Diqqat!") by default: a question to answer. With another title it is a plain dialog to read. */
  title?: string;
  onClose: () => void;
  onOk?: () => void;
  onCancel?: () => void;
  okLabel?: string;
  cancelLabel?: string;
  /** While loading the ok and cancel buttons are hidden. */
  loading?: boolean;
  danger?: boolean;
  /**
   * The id of a form in `message`: the ok button submits it (so Enter in a field does too) instead of
   * calling `onOk`.
   */
  formId?: string;
}

export function Dialog({
  message,
  title,
  onClose,
  onOk,
  onCancel,
  okLabel,
  cancelLabel,
  loading = false,
  danger = false,
  formId,
}: DialogProps) {
  const t = useT();
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const open = message !== null && message !== undefined && message !== '';

  // What a key does depends on the latest props, read when the key is pressed: the listener stays the same
  // for the whole opening, so no key pressed just after a change is handled by the props before it.
  const latest = useRef({ loading, onClose });
  useLayoutEffect(() => {
    latest.current = { loading, onClose };
  });

  // The focus moves in when the dialog opens and back to where it was when it closes, once per opening
  // (not again while it loads), and in the same commit as the panel itself, so it never rests on the page
  // in between, and a dialog that replaces another (a loading one) takes over the place to return to.
  useLayoutEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current;
    first?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !latest.current.loading) latest.current.onClose();
      if (event.key === 'Tab' && panel.current) {
        const items = panel.current.querySelectorAll<HTMLElement>('button:not([disabled]), a[href]');
        if (items.length === 0) return;
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        if (event.shiftKey && document.activeElement === firstItem) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && document.activeElement === lastItem) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && !loading && onClose()}
    >
      <div
        ref={panel}
        className="dialog"
        role={title ? 'dialog' : 'alertdialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        // A form is read field by field, not all at once as the dialog's description.
        aria-describedby={formId ? undefined : bodyId}
        tabIndex={-1}
      >
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title ?? t('dialog.title')}
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('dialog.close')}>
            <CloseIcon />
          </button>
        </div>
        <div id={bodyId} className="dialog__body">
          {message}
        </div>
        <div className="dialog__actions">
          {loading ? (
            <Spinner />
          ) : (
            <>
              {onCancel ? (
                <button type="button" className="button button--ghost" onClick={onCancel}>
                  {cancelLabel ?? t('dialog.cancel')}
                </button>
              ) : null}
              {onOk || formId ? (
                <button
                  type={formId ? 'submit' : 'button'}
                  form={formId}
                  className={`button ${danger ? 'button--danger' : 'button--primary'}`}
                  onClick={formId ? undefined : onOk}
                  data-autofocus
                >
                  {okLabel ?? t('dialog.ok')}
                </button>
              ) : null}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
