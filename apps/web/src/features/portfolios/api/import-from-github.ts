import type { GithubDraft } from '@portfolio-master/contract';
import { request } from '../../../lib/api-client';

/** `POST /portfolio/import/github`: a draft from a public repository; nothing is saved. */
export async function importFromGithub(repoUrl: string): Promise<GithubDraft> {
  return (await request<GithubDraft>('/portfolio/import/github', { method: 'POST', body: { repoUrl } })).data;
}
