import { type ImportReport, KINDS, type ProgressStep } from './original-import.js';
import { PROBLEMS } from './plan.js';

/** The report as the operator reads it: a table of counts, then each problem with its rule and examples. */
export function formatReport(report: ImportReport): string {
  const written = report.dryRun ? 'would import' : 'imported';
  const lines = [
    `${''.padEnd(12)}${written.padStart(14)}${'already there'.padStart(15)}${'skipped'.padStart(9)}`,
  ];
  for (const kind of KINDS) {
    const totals = report.totals[kind];
    lines.push(
      `${kind.padEnd(12)}${String(totals.imported).padStart(14)}${String(totals.alreadyThere).padStart(15)}` +
        `${String(totals.skipped).padStart(9)}`,
    );
  }
  if (report.problems.found.size > 0) {
    lines.push('', 'Problems found (each handled by its rule; none stops the import):');
    for (const kind of Object.keys(PROBLEMS) as (keyof typeof PROBLEMS)[]) {
      const found = report.problems.found.get(kind);
      if (!found) continue;
      const { count, examples } = found;
      lines.push(`  ${String(count).padStart(5)}  ${PROBLEMS[kind]}`, `         e.g. ${examples.join('; ')}`);
    }
  }
  lines.push(
    '',
    report.changed
      ? report.dryRun
        ? 'Dry run: nothing was changed.'
        : 'Import finished.'
      : 'Nothing to import: everything in the dump is already in the database.',
  );
  return lines.join('\n');
}

/**
 * Shows an import's progress: on a terminal a bar redrawn in place, elsewhere (a log, a pipe) a line at
 * the start and at every tenth of each part.
 */
export function progressPrinter(
  stream: Pick<NodeJS.WriteStream, 'isTTY' | 'write'>,
  elapsed: () => string,
): (step: ProgressStep) => void {
  const BAR = 30;
  let part = '';
  let shownTenth = -1;
  return ({ kind, done, total }) => {
    const share = total === 0 ? 1 : done / total;
    const counted = `${kind} ${done}/${total}`;
    if (stream.isTTY) {
      const filled = Math.round(share * BAR);
      const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}]`;
      stream.write(`\r${elapsed()}  ${bar} ${String(Math.floor(share * 100)).padStart(3)} %  ${counted}`);
      if (done === total) stream.write('\n');
      return;
    }
    if (kind !== part) {
      part = kind;
      shownTenth = -1;
    }
    const tenth = Math.floor(share * 10);
    if (tenth > shownTenth) {
      shownTenth = tenth;
      stream.write(`${elapsed()}  ${counted}\n`);
    }
  };
}
