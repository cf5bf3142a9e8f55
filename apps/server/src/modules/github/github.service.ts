import { type GithubDraft, parseGithubRepository } from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import { findTechnologyNames } from '../../data/github.repository.js';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { type GithubClient, GithubFailure } from './github-client.js';
import { draftOf, technologiesOf, technologyCandidates } from './github-draft.js';

/** The refusals a person sees: the address is not a public GitHub repository's, or GitHub is away. */
export function githubProblem(failure: GithubFailure): HttpError {
  switch (failure.kind) {
    case 'notFound':
      return new HttpError(422, 'GITHUB_NOT_FOUND', 'problem.github.notFound', {
        repoUrl: ['problem.github.notFound'],
      });
    case 'rateLimited':
      return new HttpError(503, 'GITHUB_RATE_LIMITED', 'problem.github.rateLimited', undefined, {
        'retry-after': String(failure.retryAfterSeconds),
      });
    case 'unavailable':
      return new HttpError(503, 'GITHUB_UNAVAILABLE', 'problem.github.unavailable', undefined, {
        'retry-after': String(failure.retryAfterSeconds),
      });
  }
}

/** "GitHub’dan olish": a portfolio's draft from a public repository (docs/decisions/0052). */
export class GithubService {
  constructor(
    private readonly db: Kysely<Database>,
    readonly client: GithubClient,
  ) {}

  /** The draft for a repository's address; nothing is written. */
  async draft(repoUrl: string): Promise<GithubDraft> {
    const repo = parseGithubRepository(repoUrl);
    if (!repo) {
      throw new HttpError(422, 'GITHUB_ADDRESS', 'problem.github.address', {
        repoUrl: ['problem.github.address'],
      });
    }
    try {
      const info = await this.client.repository(repo);
      const [languages, readme] = await Promise.all([this.client.languages(repo), this.client.readme(repo)]);
      const known = await findTechnologyNames(this.db, technologyCandidates(languages, info.topics));
      return draftOf(repo, info, readme, technologiesOf(languages, info.topics, known));
    } catch (error) {
      if (error instanceof GithubFailure) throw githubProblem(error);
      throw error;
    }
  }
}
