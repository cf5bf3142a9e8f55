import path from 'node:path';
import { LIMITS } from '@portfolio-master/contract';
import type { Locale } from '@portfolio-master/i18n';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { ChangeFeed } from '../../lib/changes.js';
import { ReadyDocument } from '../../lib/ready-document.js';
import { parseStringList } from '../../lib/string-list.js';
import { JobSlots, type ImageStore } from '../images/image-store.js';
import { KeptDrawings, type KeptDrawing } from '../images/kept-drawings.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import { activeBlock } from '../users/blocks.js';
import type { UsersService } from '../users/users.service.js';
import { cvPage } from './cv-html.js';
import { drawCvPdf } from './cv-pdf.js';
import { jsonResume } from './cv-resume.js';
import { alternates, type CvFacts, cvView, type CvView, profilePath, siteAddress } from './cv-view.js';

export interface CvDependencies {
  users: UsersService;
  portfolios: PortfoliosService;
  imageStore: ImageStore;
  changes: ChangeFeed;
  publicUrl: string;
}

/** Part of every PDF's version: bump it when the drawing changes, so every PDF is drawn anew. */
const DRAWING_VERSION = 1;

/** Browsers and the pages' compressors: a CV is made again on each request, so compress it cheaply. */
const BROTLI_QUALITY = 5;

/** A drawn PDF kept on disk, and its validator. */
export interface CvPdf extends KeptDrawing {
  /** The account's username as it is written, for the file's name. */
  username: string;
}

/** The paths of a profile's CV, before a language's prefix. */
function cvPaths(username: string) {
  const base = profilePath(username);
  return { page: `${base}/cv`, pdf: `${base}/cv.pdf`, json: `${base}/resume.json` };
}

/**
 * A profile as a CV: its print page, its PDF and its JSON Resume. The same for every reader (nothing of a
 * session is read), and none for a profile that is hidden or blocked now.
 *
 * The PDF is drawn on first request and kept in `UPLOAD_DIR/cv` (`KeptDrawings`), so it is drawn again
 * exactly when what it shows changes. One PDF is drawn at a time.
 */
export class CvService {
  readonly dir: string;
  private readonly kept: KeptDrawings;
  private readonly drawing = new JobSlots(1);

  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: Dialect,
    readonly deps: CvDependencies,
  ) {
    this.dir = path.join(deps.imageStore.dir, 'cv');
    this.kept = new KeptDrawings(this.dir, '.pdf', DRAWING_VERSION);
  }

  /** What a CV shows of `username`: null when there is no such profile, or it is hidden or blocked now. */
  async facts(username: string): Promise<CvFacts | null> {
    if (username.length > LIMITS.username.max) return null;
    const row = await this.deps.users.findByIdOrUsername(username);
    if (!row || row.hidden_at !== null || activeBlock(row) !== null) return null;
    // At most the six pins a profile may have; a hidden portfolio is nobody's work to show.
    const pins = await this.db
      .selectFrom('profile_pins')
      .innerJoin('portfolios', 'portfolios.id', 'profile_pins.portfolio_id')
      .select([
        'portfolios.title',
        'portfolios.linktitle',
        'portfolios.url',
        'portfolios.repo_url',
        'portfolios.description',
        'portfolios.technology_names',
      ])
      .where('profile_pins.user_id', '=', row.id)
      .where('portfolios.hidden_at', 'is', null)
      .orderBy('profile_pins.position')
      .limit(LIMITS.pinned.max)
      .execute();
    return {
      row,
      cv: this.deps.users.cvOf(row),
      pinned: pins.map((pin) => ({
        title: pin.title,
        linktitle: pin.linktitle,
        url: pin.url,
        repoUrl: pin.repo_url,
        description: pin.description,
        technologies: parseStringList(pin.technology_names),
      })),
    };
  }

  private address(path: string, locale: Locale): string {
    return siteAddress(this.deps.publicUrl, path, locale);
  }

  /** The print page in `locale`, or null. */
  async page(username: string, locale: Locale): Promise<ReadyDocument | null> {
    const facts = await this.facts(username);
    if (!facts) return null;
    const paths = cvPaths(facts.row.username);
    const html = cvPage(cvView(facts, locale, this.deps.publicUrl), {
      canonical: this.address(paths.page, locale),
      alternates: alternates(this.deps.publicUrl, paths.page),
      pdf: this.address(paths.pdf, locale),
      json: this.address(paths.json, locale),
    });
    return new ReadyDocument(html, 'text/html; charset=utf-8', BROTLI_QUALITY);
  }

  /** The JSON Resume, its region named in `locale`, or null. */
  async resume(username: string, locale: Locale): Promise<ReadyDocument | null> {
    const facts = await this.facts(username);
    if (!facts) return null;
    const canonical = this.address(cvPaths(facts.row.username).json, locale);
    const json = JSON.stringify(jsonResume(facts, locale, this.deps.publicUrl, canonical));
    return new ReadyDocument(json, 'application/json; charset=utf-8', BROTLI_QUALITY);
  }

  /** The PDF in `locale`, drawn now if what it shows changed since it was last drawn; or null. */
  async pdf(username: string, locale: Locale): Promise<CvPdf | null> {
    const facts = await this.facts(username);
    if (!facts) return null;
    const view = cvView(facts, locale, this.deps.publicUrl);
    // One PDF per language and account; each name ends before the version, so one never removes another's.
    const kept = await this.kept.get(`${locale}-${facts.row.id}`, view, () => this.draw(view));
    return { ...kept, username: facts.row.username };
  }

  /** Draws one PDF, one at a time; overridden in tests to count the drawings. */
  protected draw(view: CvView): Promise<Buffer> {
    return this.drawing.run(() => drawCvPdf(view));
  }
}
