import { useEffect, useId, useRef, useState } from 'react';
import { makePreview } from '../../../lib/image-preview';
import { Avatar } from '../../../components/avatar';
import { FieldErrors } from '../../../components/form-field';
import { useT } from '../../../i18n/translator';

interface AvatarPickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  current?: { username: string; firstname: string; lastname: string; image: string | null };
  errors?: string[];
}

/** Picks one image and previews it; the file stays in state, so a refused submit loses nothing. */
export function AvatarPicker({ file, onChange, current, errors }: AvatarPickerProps) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    setPreview(null);
    if (file) {
      makePreview(file, 200)
        .then((url) => !cancelled && setPreview(url))
        .catch(() => undefined);
    }
    return () => {
      cancelled = true;
    };
  }, [file]);

  return (
    <div className="field">
      <span className="field__label" id={`${id}-label`}>
        {t('user.avatar')}
      </span>
      <div className="avatar-picker">
        {preview ? (
          <img src={preview} alt="" width={80} height={80} />
        ) : current ? (
          <Avatar user={current} size={80} decorative />
        ) : (
          <Avatar user={{ username: '?', firstname: '', lastname: '', image: null }} size={80} decorative />
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          className="visually-hidden"
          aria-labelledby={`${id}-label`}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        <label htmlFor={id} className="button button--ghost button--small" style={{ cursor: 'pointer' }}>
          {t('user.chooseAvatar')}
        </label>
        {file ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              onChange(null);
              if (input.current) input.current.value = '';
            }}
          >
            {t('user.removeAvatar')}
          </button>
        ) : null}
      </div>
      <FieldErrors id={`${id}-error`} messages={errors} />
    </div>
  );
}
