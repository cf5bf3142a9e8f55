import { Dialog, type DialogProps } from './dialog';

/**
 * What `LazyDialog` loads: `Dialog` in a chunk of its own, which brings the dialog's words with it (the
 * dialog module itself shares a chunk with the dialogs built on it, and that chunk has no words of its own).
 */
export function LazyDialogBody(props: DialogProps) {
  return <Dialog {...props} />;
}
