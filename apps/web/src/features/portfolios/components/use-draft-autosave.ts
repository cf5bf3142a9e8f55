import { useEffect, useRef, useState } from 'react';
import { clearStoredDraft, writeStoredDraft } from '../../../lib/stored-drafts';
import { saveDraft } from '../api/drafts';

/** What a portfolio form holds as typed. */
export interface DraftValues {
  title: string;
  url: string;
  repoUrl: string;
  used: string;
  description: string;
}

/** Saved to the server this long after typing stops, and at least this often while it goes on. */
export const AUTOSAVE_DELAY_MS = 3_000;
export const AUTOSAVE_MAX_WAIT_MS = 10_000;

export type AutosaveState = 'idle' | 'local' | 'saving' | 'saved' | 'failed';

const isEmpty = (values: DraftValues) => Object.values(values).every((value) => value.trim() === '');

/**
 * Keeps what the form holds: in this device's storage at every change, so a closed tab loses nothing, and
 * as the author's draft on the server once typing rests (docs/decisions/0053-drafts.md). One save at a
 * time: a change made while one is under way is sent after it.
 */
export function useDraftAutosave(
  values: DraftValues,
  options: { userId: string | null; draftId: string | null },
) {
  const { userId } = options;
  const [draftId, setDraftId] = useState(options.draftId);
  const [state, setState] = useState<AutosaveState>('idle');
  const draftIdRef = useRef(options.draftId);
  const latest = useRef(values);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const pendingSince = useRef<number | null>(null);
  const published = useRef(false);
  latest.current = values;

  // Also for the values the form starts from: what a closed tab kept may be newer than the server's draft.
  useEffect(() => {
    if (userId === null) return;
    if (isEmpty(values) && draftIdRef.current === null) {
      clearStoredDraft(userId);
      return;
    }
    writeStoredDraft(userId, { draftId: draftIdRef.current, values });
    setState('local');
    pendingSince.current ??= Date.now();
    const wait = Math.min(AUTOSAVE_DELAY_MS, pendingSince.current + AUTOSAVE_MAX_WAIT_MS - Date.now());
    const timer = setTimeout(
      () => {
        pendingSince.current = null;
        saving.current = saving.current.then(async () => {
          if (published.current) return;
          setState('saving');
          const sent = latest.current;
          try {
            const { title, url, repoUrl, used, description } = sent;
            const draft = await saveDraft(draftIdRef.current, {
              title,
              url,
              repoUrl,
              description,
              used: used
                .split(',')
                .map((item) => item.trim())
                .filter(Boolean),
            });
            if (published.current) return;
            draftIdRef.current = draft._id;
            setDraftId(draft._id);
            writeStoredDraft(userId, { draftId: draft._id, values: latest.current });
            setState(latest.current === sent ? 'saved' : 'local');
          } catch {
            setState('failed');
          }
        });
      },
      Math.max(0, wait),
    );
    return () => clearTimeout(timer);
  }, [values, userId]);

  /** Publishing: no more saves; the draft's id once the save under way (if any) is done. */
  const settled = async () => {
    published.current = true;
    await saving.current;
    return draftIdRef.current;
  };
  /** A refused publish: saving goes on. */
  const resume = () => {
    published.current = false;
  };
  /** After publishing: nothing more to keep. */
  const forget = () => {
    if (userId !== null) clearStoredDraft(userId);
  };
  return { draftId, state, settled, resume, forget };
}
