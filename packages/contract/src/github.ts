import { z } from 'zod';
import { withoutNul } from './fields.js';

/*
 * "GitHub’dan olish" (docs/decisions/0052): a public repository's address in, a portfolio draft out.
 */

/** A repository on GitHub as its owner and name (`owner/name`). */
export interface GithubRepository {
  owner: string;
  name: string;
}

// GitHub's own rules: an owner is 1–39 letters, digits and single hyphens; a name 1–100 letters, digits, `.`, `_`, `-`.
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const NAME = /^[A-Za-z0-9._-]{1,100}$/;
const HOSTS = new Set(['github.com', 'www.github.com']);

/**
 * The repository an address names: `https://github.com/owner/name` with or without `www.`, `.git`, a
 * trailing slash or a deeper path (`/tree/main`, `#readme`), `github.com/owner/name` without a scheme, or
 * the SSH form `git@github.com:owner/name.git`. Undefined for anything else (another host, a user's page,
 * a gist, credentials or a port in the address).
 */
export function parseGithubRepository(address: string): GithubRepository | undefined {
  const text = address.trim();
  if (text.length === 0 || text.length > 2000) return undefined;
  const ssh = /^git@github\.com:([^/]+)\/([^/]+?)\/?$/i.exec(text);
  let parts: string[];
  if (ssh) {
    parts = [ssh[1]!, ssh[2]!];
  } else {
    let url: URL;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    } catch {
      return undefined;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    if (!HOSTS.has(url.hostname.toLowerCase()) || url.port !== '' || url.username || url.password) {
      return undefined;
    }
    parts = url.pathname.split('/').filter(Boolean);
    if (parts.length < 2) return undefined;
  }
  const owner = parts[0]!;
  const name = parts[1]!.replace(/\.git$/i, '');
  if (!OWNER.test(owner) || !NAME.test(name) || name === '.' || name === '..') return undefined;
  return { owner, name };
}

export const githubImportBodySchema = z
  .object({
    repoUrl: withoutNul(
      z
        .string({ error: 'validation.githubImport.repoUrl' })
        .trim()
        .min(1, { error: 'validation.githubImport.repoUrl' })
        .max(2000, { error: 'validation.githubImport.repoUrl' }),
    ).meta({ description: 'A public GitHub repository’s address, e.g. https://github.com/owner/name' }),
  })
  .meta({ id: 'GithubImportBody' });
export type GithubImportBody = z.infer<typeof githubImportBodySchema>;

/** What the form is filled with: nothing is saved until its author saves the portfolio. */
export const githubDraftSchema = z
  .object({
    title: z.string().meta({ description: 'From the repository’s name' }),
    description: z.string().meta({ description: 'The beginning of its README as plain text; may be empty' }),
    url: z.string().meta({ description: 'Its homepage, or the repository’s address when it has none' }),
    repoUrl: z.string().meta({ description: 'The repository’s address on GitHub' }),
    used: z.array(z.string()).meta({
      description: 'Technologies from its languages (most code first) and topics, in the site’s names',
    }),
    stars: z.number().int(),
    language: z.string().nullable(),
  })
  .meta({ id: 'GithubDraft' });
export type GithubDraft = z.infer<typeof githubDraftSchema>;

/** A published portfolio's repository on GitHub as last checked (at most daily). */
export const githubStatsSchema = z
  .object({
    stars: z.number().int(),
    language: z.string().nullable().meta({ description: 'Its main language, as GitHub names it' }),
  })
  .meta({ id: 'GithubStats' });
export type GithubStats = z.infer<typeof githubStatsSchema>;
