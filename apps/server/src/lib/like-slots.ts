const FLAG = '"likedByMe":';
const UNSET = 'false';
const TRUE = Buffer.from('true');
const FALSE = Buffer.from(UNSET);

/**
 * The portfolios of a JSON answer as everyone sees it (every `likedByMe` false) and where their flags
 * are in its bytes, so that a viewer's answer is the same bytes with their own flags set, without
 * serialising it again.
 *
 * The text `"likedByMe":` can only be a key (inside a JSON string its quotes are escaped), and only
 * portfolios have that key; they are matched with the flags in document order, which is the order of
 * `JSON.parse`'s keys (no portfolio has integer-like keys, the one case where the two differ), and a
 * count that does not match gives no slots at all.
 */
export class LikeSlots {
  private constructor(
    /** The portfolios' ids, in document order. */
    readonly ids: readonly string[],
    /** The bytes around the flags: one more part than there are flags. */
    private readonly parts: readonly Buffer[],
    /** Whether the portfolios list their likers (a detail), which a like changes too (viewer first). */
    readonly listLikers: boolean,
  ) {}

  /** The slots of `json`, or undefined when its portfolios and flags do not pair up one to one. */
  static of(json: string): LikeSlots | undefined {
    const portfolios: Record<string, unknown>[] = [];
    collectPortfolios(JSON.parse(json) as unknown, portfolios);
    const parts: Buffer[] = [];
    let from = 0;
    for (const portfolio of portfolios) {
      if (portfolio.likedByMe !== false || typeof portfolio._id !== 'string') return undefined;
      const at = json.indexOf(FLAG, from);
      if (at < 0 || !json.startsWith(UNSET, at + FLAG.length)) return undefined;
      parts.push(Buffer.from(json.slice(from, at + FLAG.length)));
      from = at + FLAG.length + UNSET.length;
    }
    if (json.includes(FLAG, from)) return undefined;
    parts.push(Buffer.from(json.slice(from)));
    return new LikeSlots(
      portfolios.map((portfolio) => portfolio._id as string),
      parts,
      portfolios.some((portfolio) => Array.isArray(portfolio.likes)),
    );
  }

  /** Whether any of the answer's portfolios is in `liked`. */
  anyIn(liked: ReadonlySet<string>): boolean {
    return this.ids.some((id) => liked.has(id));
  }

  /** The answer's bytes with the flags of the portfolios in `liked` set. */
  with(liked: ReadonlySet<string>): Buffer {
    const chunks: Buffer[] = [];
    this.ids.forEach((id, index) => chunks.push(this.parts[index]!, liked.has(id) ? TRUE : FALSE));
    chunks.push(this.parts[this.ids.length]!);
    return Buffer.concat(chunks);
  }
}

function collectPortfolios(value: unknown, into: Record<string, unknown>[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectPortfolios(item, into);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('likedByMe' in record) into.push(record);
    for (const child of Object.values(record)) collectPortfolios(child, into);
  }
}
