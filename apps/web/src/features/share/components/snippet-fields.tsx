import { useId, useRef, useState } from 'react';
import { useT } from '../../../i18n/translator';

/** One thing to paste elsewhere: what it is for, and its text. */
export interface Snippet {
  label: string;
  code: string;
}

/** The texts inside `EmbedSnippets`, each with a button that copies it. */
export function SnippetFields({ snippets }: { snippets: Snippet[] }) {
  return snippets.map((snippet) => <SnippetField key={snippet.label} {...snippet} />);
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
