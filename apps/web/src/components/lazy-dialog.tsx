import { lazy, Suspense } from 'react';
import { withMessages } from '../i18n/messages';
import { preloadOnIntent } from '../lib/lazy-page';
import type { DialogProps } from './dialog';

const loadDialog = withMessages('src/components/lazy-dialog-body.tsx', () => import('./lazy-dialog-body'));
const LoadedDialog = lazy(() => loadDialog().then((module) => ({ default: module.LazyDialogBody })));

/** Spread on what opens a `LazyDialog`: the dialog's code is fetched as a pointer or focus reaches it. */
export const preloadDialog = preloadOnIntent(loadDialog);

/**
 * `Dialog` for a page that shows one only when the reader acts (a confirmation, a list behind a count):
 * nothing is rendered while it is closed, so its code is fetched when it first opens, not with the page.
 */
export function LazyDialog(props: DialogProps) {
  if (props.message === null || props.message === undefined || props.message === '') return null;
  return (
    <Suspense fallback={null}>
      <LoadedDialog {...props} />
    </Suspense>
  );
}
