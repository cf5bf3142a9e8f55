import { createTranslator, isLocale, splitLocalePath, type Translator } from '@portfolio-master/i18n';
import { hydrate, type DehydratedState } from '../lib/query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { getToken } from '../lib/auth-token';
import { loadIntlData } from '../lib/intl-data';
import { createQueryClient } from '../lib/query-client';
import { basenameOf, createBrowserHistory, stripBasename } from '../lib/router';
import { readServerState, readShellMessagesAddress } from '../lib/server-state';
import { loadLaterMessages, loadMessages, type ShellMessages } from '../i18n/messages';
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
  // Started first: it runs while the messages and the page's chunk load (lib/intl-data.ts).
  const intlData = state ? loadIntlData(locale) : undefined;
  const queryClient = createQueryClient();
  // Every later page starts its chunk and its data together, as soon as the address changes.
  history.listen(() => void preloadRoute(appLocation(), queryClient, getToken()));

  // The page's messages (their files preloaded by the server's HTML) and, when hydrating, the first
  // page's chunk with its own words are in before the first render, so it matches the HTML instead of
  // suspending. The server names the shell's words (decision 38); a page it did not render loads the
  // language's whole catalog.
  const shellAddress = readShellMessagesAddress();
  let translator: Translator;
  if (shellAddress) {
    const shell = (await import(/* @vite-ignore */ shellAddress)) as ShellMessages;
    translator = createTranslator(locale, shell.messages);
    loadLaterMessages(shell.modules, translator);
  } else {
    translator = createTranslator(locale, await loadMessages(locale));
  }
  if (state) await preloadRoute(appLocation(), queryClient, null, { data: false });
  const app = (
    <StrictMode>
      <App
        history={history}
        queryClient={queryClient}
        renderTime={state?.renderTime ?? Date.now()}
        translator={translator}
        site={state?.site ?? {}}
      />
    </StrictMode>
  );
  if (!state) {
    createRoot(root, options).render(app);
    return;
  }
  hydrate(queryClient, state.queries as DehydratedState);
  await intlData;
  // Inside a transition React yields to the browser between pieces of work: no long task.
  startTransition(() => {
    hydrateRoot(root, app, options);
  });
}
