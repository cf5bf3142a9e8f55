import { keptTechnologyName, toCyrillic, toLatin } from '@portfolio-master/contract';

/**
 * `<username>_<Title_With_Underscores>`: letters and digits of any script, `-` and `.` are kept, every
 * other run of characters becomes one underscore, so the result never holds `/ ? # %` or spaces.
 */
export function baseLinktitle(username: string, title: string): string {
  const slug = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}.-]+/gu, '_')
    .replace(/_+/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '');
  // Cut by code points, never inside a surrogate pair.
  const cut = Array.from(slug)
    .slice(0, 150)
    .join('')
    .replace(/[_.-]+$/g, '');
  return `${username}_${cut || 'portfolio'}`;
}

/** The n-th portfolio of the same base gets `_n` (the first keeps the bare base). */
export function numberedLinktitle(base: string, n: number): string {
  return n <= 1 ? base : `${base}_${n}`;
}

/** "React", "react " and "REACT" are one technology: this is the key they share. */
export function technologySlug(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The keys a filter's technology name may be found under, first first: the name the alias list keeps for
 * it (docs/decisions/0058), the name as written, then in the other script ("Маълумотлар базаси" finds
 * "Ma’lumotlar bazasi", "Telegram bot" finds "Телеграм бот", names of products written either way).
 */
export function technologySlugCandidates(name: string): string[] {
  const slug = technologySlug(name);
  return [
    ...new Set(
      [
        keptTechnologyName(slug),
        slug,
        toLatin(slug),
        toCyrillic(slug),
        toCyrillic(slug, { names: 'converted' }),
      ].map(technologySlug),
    ),
  ];
}
