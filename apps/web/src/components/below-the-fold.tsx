import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

/** How far below the viewport a part starts loading, so it is usually in before it is seen. */
const AHEAD = '600px';

/**
 * A part of the page below the fold whose code (`preload`, a `deferredPart`'s) is fetched when it comes
 * near the viewport, or when the reader points at or tabs into it; until then the server's HTML of it
 * stays as it is (a dehydrated Suspense boundary). Opened by a click inside the app, the part is already
 * on its way (the route's loader preloads it). Render it from a memoized component whose props are values
 * the server's render and the signed-in one share (ids, not the session): a boundary that is rendered
 * again before its code is in is thrown away and rendered anew, with an error in the console.
 *
 * A click on one of its buttons (or Enter on it) before its code is in would be lost: React hydrates a
 * boundary for an event only when its code is there. The part keeps the last such click and clicks the
 * same button again once it is hydrated, so a quick tap on a slow phone still does what it says. Links
 * and fields work without the code and are left alone.
 */
export function BelowTheFold({
  preload,
  children,
}: {
  preload: () => Promise<unknown>;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  /** Whether the part is hydrated, or could not be (its code failed): clicks then go through as they are. */
  const live = useRef(false);
  /** The held click's button, as the child indexes that lead to it from the box. */
  const held = useRef<number[] | null>(null);
  const hydrated = useCallback(() => {
    live.current = true;
    const path = held.current;
    held.current = null;
    if (!path || !box.current) return;
    // Hydration keeps the server's elements, or makes them anew where they differ: found by place, not kept.
    let found: Element | undefined = box.current;
    for (const index of path) found = found?.children[index];
    if (found instanceof HTMLButtonElement) found.click();
  }, []);
  useEffect(() => {
    const start = () =>
      void preload().catch(() => {
        // Without its code the server's HTML is all there is: its links and forms work as they are.
        live.current = true;
        held.current = null;
      });
    const element = box.current;
    if (!element) return;
    const hold = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (live.current || !button || !element.contains(button)) return;
      event.preventDefault();
      event.stopPropagation();
      const path: number[] = [];
      for (let at: Element = button; at !== element && at.parentElement; at = at.parentElement) {
        path.unshift([...at.parentElement.children].indexOf(at));
      }
      held.current = path;
      start();
    };
    // On the window, ahead of React's own listener, which stops a click it cannot hydrate for.
    window.addEventListener('click', hold, true);
    element.addEventListener('pointerdown', start);
    element.addEventListener('focusin', start);
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'undefined') start();
    else {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) start();
        },
        { rootMargin: `${AHEAD} 0px` },
      );
      observer.observe(element);
    }
    return () => {
      observer?.disconnect();
      window.removeEventListener('click', hold, true);
      element.removeEventListener('pointerdown', start);
      element.removeEventListener('focusin', start);
    };
  }, [preload]);
  return (
    <div ref={box}>
      <Suspense fallback={null}>
        {children}
        <OnHydrated run={hydrated} />
      </Suspense>
    </div>
  );
}

/** Renders nothing; runs `run` as the boundary around it is hydrated (or first rendered in the browser). */
function OnHydrated({ run }: { run: () => void }) {
  useLayoutEffect(run, [run]);
  return null;
}
