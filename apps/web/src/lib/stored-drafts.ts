/**
 * What the portfolio form last held on this device, per person, so a closed tab loses nothing
 * (docs/decisions/0053-drafts.md); forgotten on signing out, as the pages read are.
 */
export interface StoredDraft<Values = Record<string, string>> {
  draftId: string | null;
  values: Values;
}

const PREFIX = 'pm:portfolio-draft:';

const storageKey = (userId: string) => `${PREFIX}${userId}`;

/** What the form last held on this device for this person, if anything (a tab closed mid-sentence). */
export function readStoredDraft<Values>(userId: string): StoredDraft<Values> | null {
  try {
    const raw = localStorage.getItem(storageKey(userId));
    return raw ? (JSON.parse(raw) as StoredDraft<Values>) : null;
  } catch {
    return null;
  }
}

export function writeStoredDraft<Values>(userId: string, draft: StoredDraft<Values>): void {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(draft));
  } catch {
    // Storage full or refused: the server's draft is what is kept.
  }
}

export function clearStoredDraft(userId: string): void {
  try {
    localStorage.removeItem(storageKey(userId));
  } catch {
    // Storage refused (private mode): nothing was kept.
  }
}

/** Signing out: no one's text stays on the device. */
export function forgetStoredDrafts(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept.
  }
}
