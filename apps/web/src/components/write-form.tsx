import type { FormHTMLAttributes } from 'react';
import { useHydrated } from '../lib/hydrated';

/**
 * A form only JavaScript sends. Until the page is hydrated its fields and buttons are disabled, so a form
 * from the server's HTML is never sent by the browser itself (which would put its fields, a password
 * among them, into an address); `method="post"` keeps them out of one even then.
 */
export function WriteForm({ children, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated();
  return (
    <form method="post" {...props}>
      <fieldset className="write-form" disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  );
}
