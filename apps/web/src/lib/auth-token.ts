import { useSyncExternalStore } from 'react';

/** The session token lives in local storage under `token`, as the specification requires. */
const KEY = 'token';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return read();
}

export function setToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(KEY, token);
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the session just does not survive a reload.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current token; components re-render when it changes, in this tab or another. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
