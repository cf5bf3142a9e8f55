import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';

/**
 * Texts to paste on another site (a README's badge, a framed card, an address oEmbed unfurls), each with
 * a button that copies it. Folded until opened, so a page's first view stays short: what is inside
 * (`children`, a lazily loaded component with its `SnippetFields` and any preview) is rendered, and its
 * code fetched, only then.
 */
export function EmbedSnippets({ title, children }: { title: string; children: ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  // Opened before the page was taken over, its toggle went unheard.
  useEffect(() => {
    if (details.current?.open) setOpened(true);
  }, []);
  return (
    <details
      ref={details}
      className="embed-snippets"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>{title}</summary>
      {opened ? <Suspense fallback={<Spinner />}>{children}</Suspense> : null}
    </details>
  );
}
