import { LIMITS } from '@portfolio-master/contract/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { makePreview } from '../../../lib/image-preview';
import { FieldErrors } from '../../../components/form-field';
import { ChevronLeftIcon } from '../../../components/icons/chevron-left';
import { ChevronRightIcon } from '../../../components/icons/chevron-right';
import { CloseIcon } from '../../../components/icons/close';
import { UploadIcon } from '../../../components/icons/upload';
import { imageUrl } from '../../../lib/image-url';
import { useT } from '../../../i18n/translator';

/** A picture of the form's gallery, with its description ("Rasm tavsifi"), which moves with it. */
export type GalleryItem =
  | { kind: 'existing'; key: string; name: string; alt: string }
  | { kind: 'new'; key: string; file: File; alt: string };

let counter = 0;
export const newItem = (file: File): GalleryItem => ({
  kind: 'new',
  key: `new-${++counter}`,
  file,
  alt: '',
});

/**
 * The pictures in the order the server puts them: the kept ones, then the new files
 * (docs/decisions/0049); their descriptions are sent in this order.
 */
export const galleryOrder = (items: readonly GalleryItem[]): GalleryItem[] => [
  ...items.filter((item) => item.kind === 'existing'),
  ...items.filter((item) => item.kind === 'new'),
];

/** Adds files (picker or drag and drop), previews, reorders and removes them; limits checked here first. */
export function ImagePicker({
  items,
  onChange,
  errors,
}: {
  items: GalleryItem[];
  onChange: (items: GalleryItem[]) => void;
  errors?: string[];
}) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const dragged = useRef<number | null>(null);
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const requested = useRef(new Set<string>());

  useEffect(() => {
    for (const item of items) {
      if (item.kind !== 'new' || requested.current.has(item.key)) continue;
      requested.current.add(item.key);
      makePreview(item.file)
        .then((url) => setPreviews((old) => ({ ...old, [item.key]: url })))
        .catch(() => undefined);
    }
  }, [items]);

  const add = (files: FileList | File[]) => {
    const found: string[] = [];
    const accepted: GalleryItem[] = [];
    for (const file of Array.from(files)) {
      if (!file.type.startsWith('image/')) found.push(t('portfolioForm.notImage', { name: file.name }));
      else if (file.size > LIMITS.images.maxBytes) found.push(t('portfolioForm.tooBig', { name: file.name }));
      else if (items.length + accepted.length >= LIMITS.images.maxFiles) {
        found.push(t('portfolioForm.tooMany', { max: LIMITS.images.maxFiles }));
        break;
      } else accepted.push(newItem(file));
    }
    setProblems(found);
    if (accepted.length) onChange([...items, ...accepted]);
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };

  const remove = (index: number) => {
    onChange(items.filter((_, position) => position !== index));
  };

  const describe = (index: number, alt: string) => {
    onChange(items.map((item, position) => (position === index ? { ...item, alt } : item)));
  };

  return (
    <div className="field">
      <span className="field__label" id={`${id}-label`}>
        {t('portfolioForm.images')}
      </span>
      <div
        className={`dropzone${over ? ' is-over' : ''}`}
        onDragOver={(event) => {
          if (event.dataTransfer.types.includes('Files')) {
            event.preventDefault();
            setOver(true);
          }
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          if (!event.dataTransfer.files.length) return;
          event.preventDefault();
          setOver(false);
          add(event.dataTransfer.files);
        }}
      >
        <UploadIcon />
        <span>
          {t('portfolioForm.drop')}{' '}
          <button type="button" className="link-button" onClick={() => input.current?.click()}>
            {t('portfolioForm.choose')}
          </button>
        </span>
        <span className="field__hint" id={`${id}-hint`}>
          {t('portfolioForm.imagesHint', { max: LIMITS.images.maxFiles })}
        </span>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          className="visually-hidden"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          data-testid="image-input"
          onChange={(event) => {
            if (event.target.files) add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      <FieldErrors id={`${id}-problems`} messages={[...problems, ...(errors ?? [])]} />
      {items.length ? (
        <ol className="thumbs" aria-labelledby={`${id}-label`}>
          {items.map((item, index) => (
            <li
              key={item.key}
              className="thumb"
              draggable
              onDragStart={() => (dragged.current = index)}
              onDragOver={(event) => dragged.current !== null && event.preventDefault()}
              onDrop={(event) => {
                if (dragged.current === null) return;
                event.preventDefault();
                move(dragged.current, index);
                dragged.current = null;
              }}
            >
              {item.kind === 'existing' || previews[item.key] ? (
                <img
                  src={item.kind === 'new' ? previews[item.key] : imageUrl(item.name, 256)}
                  alt={item.alt.trim() || `${index + 1}`}
                  width={160}
                  height={100}
                />
              ) : (
                <div className="thumb__placeholder">
                  <span className="spinner" aria-hidden="true" />
                </div>
              )}
              {index === 0 ? <span className="thumb__label">{t('portfolioForm.first')}</span> : null}
              {item.kind === 'new' && index !== 0 ? (
                <span className="thumb__label">{t('portfolioForm.newImage')}</span>
              ) : null}
              <div className="thumb__actions">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('portfolioForm.moveLeft', { number: index + 1 })}
                  onClick={() => move(index, index - 1)}
                  disabled={index === 0}
                >
                  <ChevronLeftIcon />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('portfolioForm.remove', { number: index + 1 })}
                  onClick={() => remove(index)}
                >
                  <CloseIcon />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('portfolioForm.moveRight', { number: index + 1 })}
                  onClick={() => move(index, index + 1)}
                  disabled={index === items.length - 1}
                >
                  <ChevronRightIcon />
                </button>
              </div>
              <div className="thumb__alt">
                <label className="field__label" htmlFor={`${id}-alt-${item.key}`}>
                  {t('portfolioForm.imageAlt')}
                </label>
                <input
                  id={`${id}-alt-${item.key}`}
                  className="input"
                  type="text"
                  maxLength={LIMITS.imageAlt.max}
                  value={item.alt}
                  onChange={(event) => describe(index, event.target.value)}
                />
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
