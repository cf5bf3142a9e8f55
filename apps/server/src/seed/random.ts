/**
 * Seeded randomness for generated data: the same seed gives the same content on every machine, which
 * keeps load tests comparable between runs.
 */
export class Random {
  private state: number;

  constructor(seed: number | string) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  }

  /** A fresh generator for one part of the data, so adding draws to one part leaves the others alone. */
  fork(label: string): Random {
    return new Random(hashString(`${this.state}:${label}`));
  }

  /** Uniform in [0, 1); mulberry32, plenty for test data. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Up to `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i += 1) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  }

  /** A random order of 0..n-1. */
  permutation(n: number): Int32Array {
    const order = new Int32Array(n);
    for (let i = 0; i < n; i += 1) order[i] = i;
    for (let i = n - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      const swap = order[i] as number;
      order[i] = order[j] as number;
      order[j] = swap;
    }
    return order;
  }

  /** A time between two instants, in milliseconds. */
  between(from: number, to: number): number {
    return from + Math.floor(this.next() * Math.max(0, to - from));
  }
}

export function hashString(text: string): number {
  // FNV-1a
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Zipf–Mandelbrot weights `1 / (rank + offset)^exponent`, handed out to the items in a random order
 * (or in list order when no generator is given, for lists already sorted by popularity).
 */
export function zipfWeights(n: number, exponent: number, offset: number, random?: Random): Float64Array {
  const weights = new Float64Array(n);
  const order = random ? random.permutation(n) : null;
  for (let rank = 0; rank < n; rank += 1) {
    const item = order ? (order[rank] as number) : rank;
    weights[item] = 1 / Math.pow(rank + 1 + offset, exponent);
  }
  return weights;
}

/** Draws indices in proportion to their weights (binary search over the running sums). */
export class WeightedSampler {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(
    weights: ArrayLike<number>,
    private readonly random: Random,
  ) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i += 1) {
      sum += weights[i] as number;
      this.cumulative[i] = sum;
    }
    this.total = sum;
  }

  next(): number {
    const target = this.random.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.cumulative[middle] as number) > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** `count` distinct indices (count must be well below the number of items with weight). */
  distinct(count: number): number[] {
    const chosen: number[] = [];
    while (chosen.length < count) {
      const index = this.next();
      if (!chosen.includes(index)) chosen.push(index);
    }
    return chosen;
  }
}

/**
 * Splits `total` into integer shares proportional to `weights`, none above `cap`, summing exactly to
 * `total` (largest remainders get the rounding leftovers). Shares that hit the cap hand their excess to
 * the others.
 */
export function apportion(total: number, weights: ArrayLike<number>, cap = Infinity): Int32Array {
  const n = weights.length;
  if (total > cap * n) throw new Error(`cannot split ${total} into ${n} shares of at most ${cap}`);
  const counts = new Int32Array(n);
  const capped = new Uint8Array(n);
  let remaining = total;
  for (;;) {
    let weightSum = 0;
    for (let i = 0; i < n; i += 1) if (!capped[i]) weightSum += weights[i] as number;
    let cappedNow = false;
    for (let i = 0; i < n; i += 1) {
      if (capped[i]) continue;
      if ((remaining * (weights[i] as number)) / weightSum >= cap) {
        counts[i] = cap;
        capped[i] = 1;
        remaining -= cap;
        cappedNow = true;
      }
    }
    if (cappedNow) continue;
    const fractions: { index: number; fraction: number }[] = [];
    let assigned = 0;
    for (let i = 0; i < n; i += 1) {
      if (capped[i]) continue;
      const share = weightSum > 0 ? (remaining * (weights[i] as number)) / weightSum : 0;
      const whole = Math.floor(share);
      counts[i] = whole;
      assigned += whole;
      fractions.push({ index: i, fraction: share - whole });
    }
    fractions.sort((a, b) => b.fraction - a.fraction || a.index - b.index);
    for (let k = 0; k < remaining - assigned; k += 1) {
      const entry = fractions[k % fractions.length] as { index: number };
      counts[entry.index] = (counts[entry.index] as number) + 1;
    }
    return counts;
  }
}

/**
 * Ids shaped like the application's (seconds, 5 bytes, 3-byte counter) but drawn from the seed, so a
 * bulk data set is the same on every run.
 */
export class SeededIds {
  private readonly middle: string;
  private counter = 0;

  constructor(random: Random) {
    let middle = '';
    for (let i = 0; i < 5; i += 1) middle += random.int(0, 255).toString(16).padStart(2, '0');
    this.middle = middle;
  }

  next(time: number): string {
    this.counter = (this.counter + 1) % 0x1000000;
    const seconds = Math.floor(time / 1000)
      .toString(16)
      .padStart(8, '0');
    return seconds + this.middle + this.counter.toString(16).padStart(6, '0');
  }
}
