import type { Draft, DraftBody, Preview } from '@portfolio-master/contract';
import { keptTechnologyNames, LIMITS } from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import * as drafts from '../../data/drafts.repository.js';
import type { Database } from '../../db/schema.js';
import { toIsoString } from '../../lib/dates.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { isId, newId } from '../../lib/ids.js';
import type { MarkdownRenderer } from '../../lib/markdown.js';
import { message } from '../../lib/messages.js';

const draftMissing = () => notFound('problem.draft.notFound');

function toDraft(row: drafts.DraftRow): Draft {
  return {
    _id: row.id,
    status: 'draft',
    title: row.title,
    description: row.description,
    url: row.url,
    repoUrl: row.repo_url,
    used: JSON.parse(row.technology_names) as string[],
    date: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
  };
}

/** What of a draft's fields was sent, as columns. */
function columnsOf(body: DraftBody): drafts.DraftFields {
  return {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.url !== undefined ? { url: body.url } : {}),
    ...(body.repoUrl !== undefined ? { repo_url: body.repoUrl } : {}),
    ...(body.used !== undefined ? { technology_names: JSON.stringify(keptTechnologyNames(body.used)) } : {}),
  };
}

/**
 * Portfolios their authors have not published: rows of their own, seen by their author only, that become
 * portfolios through the create (docs/decisions/0053-drafts.md). Nothing here changes what others read, so
 * no change is published.
 */
export class DraftsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly renderMarkdown: MarkdownRenderer,
  ) {}

  async list(authorId: string): Promise<Draft[]> {
    return (await drafts.findDrafts(this.db, authorId, LIMITS.drafts.max)).map(toDraft);
  }

  async get(id: string, authorId: string): Promise<Draft> {
    const row = isId(id) ? await drafts.findDraft(this.db, id, authorId) : undefined;
    if (!row) throw draftMissing();
    return toDraft(row);
  }

  async create(authorId: string, body: DraftBody): Promise<Draft> {
    const now = new Date();
    const id = newId(now);
    await this.db.transaction().execute(async (trx) => {
      if ((await drafts.countDrafts(trx, authorId)) >= LIMITS.drafts.max) {
        throw new HttpError(409, 'CONFLICT', message('problem.draft.tooMany', { max: LIMITS.drafts.max }));
      }
      await drafts.insertDraft(trx, {
        id,
        author_id: authorId,
        ...columnsOf(body),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
    });
    return this.get(id, authorId);
  }

  async save(id: string, authorId: string, body: DraftBody): Promise<Draft> {
    const saved =
      isId(id) &&
      (await drafts.updateDraft(this.db, id, authorId, {
        ...columnsOf(body),
        updated_at: new Date().toISOString(),
      }));
    if (!saved) throw draftMissing();
    return this.get(id, authorId);
  }

  async remove(id: string, authorId: string): Promise<void> {
    if (!isId(id) || !(await drafts.deleteDraft(this.db, id, authorId))) throw draftMissing();
  }

  /** A description as the portfolio page shows it: the same renderer ("Ko‘rib chiqish"). */
  preview(description: string): Preview {
    return { descriptionHtml: this.renderMarkdown(description) };
  }
}
