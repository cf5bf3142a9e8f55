import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * The time relative dates ("8 kun avval") are measured from. A server render and the hydration of its
 * HTML both use the render's own moment, so they print the same words; after hydration the page follows
 * the browser's clock, refreshed every half minute. The change to the browser's clock is a transition:
 * every date on the page is written again in pieces the browser can interrupt, not in one long task (an
 * external store's change, as `useSyncExternalStore` would make it, cannot be a transition).
 */
const RenderTime = createContext<number>(0);

const TICK_MS = 30_000;
let current = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  current = Date.now();
  timer ??= setInterval(() => {
    current = Date.now();
    listeners.forEach((notify) => notify());
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function RenderTimeProvider({ value, children }: { value: number; children: ReactNode }) {
  return <RenderTime.Provider value={value}>{children}</RenderTime.Provider>;
}

/** Now, in milliseconds: the render's moment while hydrating, the browser's clock afterwards. */
export function useNow(): number {
  const renderTime = useContext(RenderTime);
  const [now, setNow] = useState(() => renderTime || current);
  useEffect(() => {
    const follow = () => startTransition(() => setNow(current));
    const unsubscribe = subscribe(follow);
    follow();
    return unsubscribe;
  }, []);
  return now;
}
