/**
 * Deterministic randomness for the community generator: a seeded PRNG (sfc32) for draws made in a
 * fixed order, and a hash of small integers for facts that belong to a pair or an item (when two
 * members became contacts, who asked) so they need no storage and read the same wherever needed.
 */

const mix32 = (h: number) => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
};

/** A 32-bit hash of the seed, a salt (which fact) and up to three integers. */
export function hash(seed: number, salt: number, a: number, b = 0, c = 0): number {
  let h = mix32((seed ^ Math.imul(salt + 1, 0x9e3779b9)) >>> 0);
  h = mix32((h ^ a) >>> 0);
  h = mix32((h + Math.imul(b, 0x85ebca6b)) >>> 0);
  return mix32((h ^ Math.imul(c + 1, 0xc2b2ae35)) >>> 0);
}

/** The hash as a number in [0, 1). */
export const unit = (seed: number, salt: number, a: number, b = 0, c = 0) => hash(seed, salt, a, b, c) / 4294967296;

/** sfc32 seeded through the hash: `stream` separates the phases, so changing one phase leaves the others' draws alone. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream: number) {
    this.a = hash(seed, stream, 1);
    this.b = hash(seed, stream, 2);
    this.c = hash(seed, stream, 3);
    this.d = 1;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A number in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** A standard normal draw (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** exp(N(0, sigma)) scaled so that its mean is 1: how much more (or less) active than average someone is. */
  activity(sigma: number): number {
    return Math.exp(sigma * this.normal() - (sigma * sigma) / 2);
  }
}

/** Picks by weight in O(log n): cumulative weights and a binary search. */
export class WeightedPicker {
  private readonly cumulative: Float64Array;

  constructor(weights: ArrayLike<number>) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) this.cumulative[i] = sum += weights[i]!;
  }

  /** The index picked by a uniform draw u in [0, 1). */
  pick(u: number): number {
    const c = this.cumulative;
    const target = u * c[c.length - 1]!;
    let lo = 0;
    let hi = c.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (c[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
