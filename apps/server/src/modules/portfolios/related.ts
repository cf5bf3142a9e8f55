import { BOUNDS } from '@portfolio-master/contract';
import type { RelatedCandidate } from '../../data/related.repository.js';
import { toSearchTerms } from '../../data/search.repository.js';

/** Words too common in titles to say two projects are alike. */
const COMMON_WORDS = new Set([
  'and',
  'app',
  'bilan',
  'dlya',
  'for',
  'loyiha',
  'loyihasi',
  'project',
  'sayt',
  'sayti',
  'the',
  'uchun',
  'with',
  'web',
]);

/** A title's words that may make two portfolios alike, longest first: three letters or more, not common. */
export function titleWords(title: string): string[] {
  const words = new Set(toSearchTerms(title).filter((word) => word.length >= 3 && !COMMON_WORDS.has(word)));
  return [...words].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

/**
 * The related portfolios' ids, best first, at most `BOUNDS.related`: each shared technology counts 2,
 * each shared title word 1; ties go to the more liked, then the newer. Never the portfolio itself, never
 * its author's, never two of one author; nothing that shares nothing.
 */
export function pickRelated(
  self: { id: string; author_id: string; title: string; technology_ids: readonly string[] },
  candidates: readonly RelatedCandidate[],
): string[] {
  const technologies = new Set(self.technology_ids);
  const words = new Set(titleWords(self.title));
  const scored = candidates
    .filter((candidate) => candidate.id !== self.id && candidate.author_id !== self.author_id)
    .map((candidate) => {
      const sharedTechnologies = candidate.technology_ids.filter((id) => technologies.has(id)).length;
      const sharedWords = titleWords(candidate.title).filter((word) => words.has(word)).length;
      return { candidate, score: 2 * sharedTechnologies + sharedWords, sharedTechnologies };
    })
    .filter((entry) => entry.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.sharedTechnologies - a.sharedTechnologies ||
        b.candidate.ranked_likes - a.candidate.ranked_likes ||
        (a.candidate.id < b.candidate.id ? 1 : a.candidate.id > b.candidate.id ? -1 : 0),
    );
  const authors = new Set<string>();
  const picked: string[] = [];
  for (const { candidate } of scored) {
    if (authors.has(candidate.author_id)) continue;
    authors.add(candidate.author_id);
    picked.push(candidate.id);
    if (picked.length === BOUNDS.related) break;
  }
  return picked;
}
