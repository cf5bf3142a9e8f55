import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * Refuses an import that leads back to the file it is in, through any number of files. Unlike
 * import-x/no-cycle it follows type-only imports too: a circle of types still ties two files together,
 * and a later value import along it turns it into an order-of-evaluation bug.
 */

/** The file a relative specifier names: `./x.js` is the source `./x.ts` where that is the one there. */
function targetOf(importer, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(importer), specifier);
  const source = target.replace(/\.js$/, '.ts');
  return fs.existsSync(source) ? source : target;
}

const importsOnDisk = new Map();

/** What a file on disk imports, read again whenever it changed (an editor keeps ESLint running). */
function importsOf(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const known = importsOnDisk.get(file);
  if (known?.mtimeMs === stat.mtimeMs) return known.imports;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const imports = importedFiles.map(({ fileName }) => targetOf(file, fileName)).filter(Boolean);
  importsOnDisk.set(file, { mtimeMs: stat.mtimeMs, imports });
  return imports;
}

/** The files from `start` back to `file`, when there is such a way. */
function wayBack(start, file) {
  const seen = new Set();
  const trails = [[start]];
  while (trails.length > 0) {
    const trail = trails.pop();
    const current = trail.at(-1);
    if (current === file) return trail;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const next of importsOf(current)) trails.push([...trail, next]);
  }
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Imports, type-only ones included, form no circle' },
    schema: [],
    messages: { circle: 'Import circle: {{trail}}' },
  },
  create(context) {
    const file = context.physicalFilename;
    const check = (node) => {
      if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
      const target = targetOf(file, node.source.value);
      const trail = target && wayBack(target, file);
      if (!trail) return;
      const names = [file, ...trail].map((each) => path.relative(path.dirname(file), each));
      context.report({ node, messageId: 'circle', data: { trail: names.join(' -> ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
