import { useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../../i18n/translator';

/** One thing to paste elsewhere: what it is for, and its text. */
export interface Snippet {
  label: string;
  code: string;
}

/**
 * Texts to paste on another site (a README's badge, a framed card, an address oEmbed unfurls), each with
 * a button that copies it. Folded until opened, so a page's first view stays short; the preview inside
 * loads only then.
 */
export function EmbedSnippets({
  title,
  snippets,
  preview,
}: {
  title: string;
  snippets: Snippet[];
  preview?: ReactNode;
}) {
  return (
    <details className="embed-snippets">
      <summary>{title}</summary>
      {preview}
      {snippets.map((snippet) => (
        <SnippetField key={snippet.label} {...snippet} />
      ))}
    </details>
  );
}

function SnippetField({ label, code }: Snippet) {
  const t = useT();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setStatus('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text is selected to copy by hand.
      field.current?.select();
      setStatus('failed');
    }
  };
  return (
    <div className="snippet">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        ref={field}
        className="snippet__code"
        readOnly
        rows={Math.min(4, Math.ceil(code.length / 60))}
        value={code}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="snippet__actions">
        <button type="button" className="button button--ghost" onClick={() => void copy()}>
          {t('share.copy')}
        </button>
        <span role="status" className="muted">
          {status === 'copied' ? t('share.copied') : status === 'failed' ? t('share.copyFailed') : ''}
        </span>
      </div>
    </div>
  );
}
