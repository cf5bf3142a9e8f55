import type { MentionCandidate, MentionCandidates } from '@portfolio-master/contract';
import { apiGet } from '../../../lib/api-client';

/** Answers already had this visit, by what was typed: typing back and forth asks nothing again. */
const answered = new Map<string, Promise<MentionCandidate[]>>();
const KEPT = 100;

/** `GET /mentions/suggest?q=`: people whose username begins with `typed`. */
export function suggestMentions(typed: string): Promise<MentionCandidate[]> {
  const key = typed.toLowerCase();
  const known = answered.get(key);
  if (known) return known;
  const asked = apiGet<MentionCandidates>(`/mentions/suggest?q=${encodeURIComponent(key)}`).then(
    (answer) => answer.items,
  );
  // A failed question is asked again next time.
  asked.catch(() => answered.delete(key));
  if (answered.size >= KEPT) answered.delete(answered.keys().next().value!);
  answered.set(key, asked);
  return asked;
}
