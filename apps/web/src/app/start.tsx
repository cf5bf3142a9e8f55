import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { getToken } from '../lib/auth-token';
import { createQueryClient } from '../lib/query-client';
import { createBrowserHistory } from '../lib/router';
import { readServerState } from '../lib/server-state';
import { App } from './app';
import { preloadRoute } from './route-table';

/**
 * Starts the app in `root`. A page the server rendered (its state in `stateText`) is hydrated with the
 * server's data and render moment, so the first render matches the HTML and asks the API nothing.
 */
export async function startApp(
  root: HTMLElement,
  stateText: string | null | undefined,
  options: Pick<RootOptions, 'onRecoverableError'> = {},
): Promise<void> {
  // The server rendered the page in the reader's script and said which in <html lang>.
  const script = document.documentElement.lang === 'uz-Cyrl' ? 'cyrl' : 'latn';
  const state = readServerState(stateText);
  const queryClient = createQueryClient();
  const history = createBrowserHistory();
  // Every later page starts its chunk and its data together, as soon as the address changes.
  history.listen((location) => void preloadRoute(location, queryClient, getToken()));

  const app = (
    <StrictMode>
      <App
        history={history}
        queryClient={queryClient}
        renderTime={state?.renderTime ?? Date.now()}
        script={script}
        site={state?.site ?? {}}
      />
    </StrictMode>
  );
  if (!state) {
    createRoot(root, options).render(app);
    return;
  }
  hydrate(queryClient, state.queries as DehydratedState);
  // The first page's chunk is in before hydration, so the page hydrates at once instead of suspending.
  await preloadRoute(history.location, queryClient, null, { data: false });
  // Inside a transition React yields to the browser between pieces of work: no long task.
  startTransition(() => {
    hydrateRoot(root, app, options);
  });
}
