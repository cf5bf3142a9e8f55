import { Suspense, useEffect, useRef, type ReactNode } from 'react';

/** How far below the viewport a part starts loading, so it is usually in before it is seen. */
const AHEAD = '600px';

/**
 * A part of the page below the fold whose code (`preload`, a `deferredPart`'s) is fetched when it comes
 * near the viewport, or when the reader points at or tabs into it; until then the server's HTML of it
 * stays as it is (a dehydrated Suspense boundary). Opened by a click inside the app, the part is already
 * on its way (the route's loader preloads it). Render it from a memoized component whose props are values
 * the server's render and the signed-in one share (ids, not the session): a boundary that is rendered
 * again before its code is in is thrown away and rendered anew, with an error in the console.
 */
export function BelowTheFold({
  preload,
  children,
}: {
  preload: () => Promise<unknown>;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const start = () => void preload().catch(() => undefined);
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      start();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) start();
      },
      { rootMargin: `${AHEAD} 0px` },
    );
    observer.observe(element);
    element.addEventListener('pointerdown', start);
    element.addEventListener('focusin', start);
    return () => {
      observer.disconnect();
      element.removeEventListener('pointerdown', start);
      element.removeEventListener('focusin', start);
    };
  }, [preload]);
  return (
    <div ref={box}>
      <Suspense fallback={null}>{children}</Suspense>
    </div>
  );
}
