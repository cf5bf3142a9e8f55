import { describe, expect, it } from 'vitest';
import { progressPrinter } from './report.js';

const capture = (isTTY: boolean) => {
  const written: string[] = [];
  const stream = { isTTY, write: (text: string) => written.push(text) > 0 };
  return { written, print: progressPrinter(stream, () => '  1.0 s') };
};

describe('the import’s progress', () => {
  it('redraws one bar in place on a terminal and ends the line when a part is done', () => {
    const { written, print } = capture(true);
    print({ kind: 'portfolios', done: 250, total: 1000 });
    print({ kind: 'portfolios', done: 1000, total: 1000 });
    expect(written).toEqual([
      `\r  1.0 s  [${'#'.repeat(8)}${'.'.repeat(22)}]  25 %  portfolios 250/1000`,
      `\r  1.0 s  [${'#'.repeat(30)}] 100 %  portfolios 1000/1000`,
      '\n',
    ]);
  });

  it('writes a line at the start and at each tenth of each part into a log', () => {
    const { written, print } = capture(false);
    print({ kind: 'users', done: 4, total: 4 });
    for (let done = 50; done <= 1000; done += 50) print({ kind: 'portfolios', done, total: 1000 });
    expect(written).toEqual([
      '  1.0 s  users 4/4\n',
      '  1.0 s  portfolios 50/1000\n',
      ...[100, 200, 300, 400, 500, 600, 700, 800, 900, 1000].map(
        (done) => `  1.0 s  portfolios ${done}/1000\n`,
      ),
    ]);
  });
});
