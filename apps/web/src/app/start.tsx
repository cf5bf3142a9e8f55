import { createTranslator, isLocale, splitLocalePath } from '@portfolio-master/i18n';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { getToken } from '../lib/auth-token';
import { createQueryClient } from '../lib/query-client';
import { basenameOf, createBrowserHistory, stripBasename } from '../lib/router';
import { readServerState } from '../lib/server-state';
import { loadMessages } from '../i18n/messages';
import { App } from './app';
import { preloadRoute } from './route-table';

/**
 * Starts the app in `root`. A page the server rendered (its state in `stateText`) is hydrated with the
 * server's data, language and render moment, so the first render matches the HTML and asks the API
 * nothing.
 */
export async function startApp(
  root: HTMLElement,
  stateText: string | null | undefined,
  options: Pick<RootOptions, 'onRecoverableError'> = {},
): Promise<void> {
  const state = readServerState(stateText);
  const history = createBrowserHistory();
  const basename = basenameOf(history.location.pathname);
  // The server says which language it rendered; a page it did not render speaks its address's.
  const locale = isLocale(state?.locale) ? state.locale : splitLocalePath(history.location.pathname).locale;
  const appLocation = () => ({
    pathname: stripBasename(basename, history.location.pathname),
    search: history.location.search,
  });
  const queryClient = createQueryClient();
  // Every later page starts its chunk and its data together, as soon as the address changes.
  history.listen(() => void preloadRoute(appLocation(), queryClient, getToken()));

  // The page's messages (their chunk preloaded by the server's HTML) and, when hydrating, the first
  // page's chunk are in before the first render, so it matches the HTML instead of suspending.
  const [messages] = await Promise.all([
    loadMessages(locale),
    state ? preloadRoute(appLocation(), queryClient, null, { data: false }) : undefined,
  ]);
  const app = (
    <StrictMode>
      <App
        history={history}
        queryClient={queryClient}
        renderTime={state?.renderTime ?? Date.now()}
        translator={createTranslator(locale, messages)}
        site={state?.site ?? {}}
      />
    </StrictMode>
  );
  if (!state) {
    createRoot(root, options).render(app);
    return;
  }
  hydrate(queryClient, state.queries as DehydratedState);
  // Inside a transition React yields to the browser between pieces of work: no long task.
  startTransition(() => {
    hydrateRoot(root, app, options);
  });
}
