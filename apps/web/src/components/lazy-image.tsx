import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useT } from '../i18n/translator';

export interface LazyImageProps {
  src: string;
  srcSet?: string;
  sizes?: string;
  alt: string;
  /** Width / height: the box is reserved before the image arrives, so nothing shifts. */
  ratio?: number;
  className?: string;
  /** Above the fold: load at once with high priority instead of waiting for the observer. */
  priority?: boolean;
  style?: CSSProperties;
}

/**
 * Starts loading 200px before the image scrolls into view and shows a spinner until it has loaded. The
 * spinner lies under the image, so an image in the server's HTML covers it as soon as it paints, before
 * any JavaScript has run.
 */
export const LAZY_MARGIN = '200px';

export function LazyImage({
  src,
  srcSet,
  sizes,
  alt,
  ratio,
  className,
  priority = false,
  style,
}: LazyImageProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const [visible, setVisible] = useState(priority);
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');

  useEffect(() => {
    if (visible) return;
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  // An image in the server's HTML may have loaded (or failed) before React was listening for it.
  useEffect(() => {
    const element = image.current;
    if (element?.complete) setState(element.naturalWidth > 0 ? 'loaded' : 'error');
    else setState('loading');
  }, [src, visible]);

  const attributes = { src, srcSet, sizes, alt, decoding: 'async' as const };
  return (
    <div
      ref={box}
      className={`lazy-image is-${state}${className ? ` ${className}` : ''}`}
      style={{ aspectRatio: ratio ? String(ratio) : undefined, ...style }}
    >
      {state === 'loading' ? (
        <span className="lazy-image__spinner spinner" role="status">
          <span className="visually-hidden">{t('image.loading')}</span>
        </span>
      ) : null}
      {visible ? (
        <img
          ref={image}
          {...attributes}
          fetchPriority={priority ? 'high' : undefined}
          onLoad={() => setState('loaded')}
          onError={() => setState('error')}
        />
      ) : (
        // Without JavaScript nothing observes the image: it is simply loaded.
        <noscript>
          <img {...attributes} loading="lazy" />
        </noscript>
      )}
    </div>
  );
}
