/**
 * The description its author gave the picture at `index`, or '' when there is none (the page then writes
 * its own). A portfolio read before descriptions existed has no `imageAlts`.
 */
export function imageAlt(alts: readonly string[] | undefined, index: number): string {
  return alts?.[index]?.trim() ?? '';
}
