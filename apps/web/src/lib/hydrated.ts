import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true from then on. What
 * depends on the browser (the session token in local storage, a form's handlers) waits for it, so the
 * first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
