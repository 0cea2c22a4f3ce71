/** Ranges of source time: what is cut, what is kept, and where a source time lands on the edited timeline. */

export interface Range {
  start_s: number;
  end_s: number;
}

export const lengthOf = (rs: readonly Range[]) => rs.reduce((a, r) => a + Math.max(0, r.end_s - r.start_s), 0);

export function overlapOf(a: Range, b: Range): number {
  return Math.max(0, Math.min(a.end_s, b.end_s) - Math.max(a.start_s, b.start_s));
}

/** Sorted, with touching or overlapping ranges joined. */
export function union(rs: readonly Range[], touch = 1e-6): Range[] {
  const out: Range[] = [];
  for (const r of [...rs].filter((x) => x.end_s > x.start_s).sort((a, b) => a.start_s - b.start_s)) {
    const last = out[out.length - 1];
    if (last && r.start_s <= last.end_s + touch) last.end_s = Math.max(last.end_s, r.end_s);
    else out.push({ start_s: r.start_s, end_s: r.end_s });
  }
  return out;
}

/** `from` with every range of `minus` taken out (both in any order). */
export function subtract(from: Range, minus: readonly Range[]): Range[] {
  let pieces: Range[] = [{ ...from }];
  for (const m of union(minus)) {
    const next: Range[] = [];
    for (const p of pieces) {
      if (m.end_s <= p.start_s || m.start_s >= p.end_s) next.push(p);
      else {
        if (m.start_s > p.start_s) next.push({ start_s: p.start_s, end_s: m.start_s });
        if (m.end_s < p.end_s) next.push({ start_s: m.end_s, end_s: p.end_s });
      }
    }
    pieces = next;
  }
  return pieces;
}

/** The kept pieces of [0, duration] once the cuts are removed. */
export function keptOf(cuts: readonly Range[], durationS: number): Range[] {
  return subtract({ start_s: 0, end_s: durationS }, cuts).filter((p) => p.end_s - p.start_s > 1e-9);
}

/**
 * Source time -> edited time and back, over the kept pieces. A source time inside a removed range lands on the edit
 * point where that range was.
 */
export class TimeMap {
  /** Edited start of each kept piece. */
  private readonly starts: number[] = [];
  readonly durationS: number;
  constructor(readonly kept: readonly Range[]) {
    let t = 0;
    for (const p of kept) {
      this.starts.push(t);
      t += p.end_s - p.start_s;
    }
    this.durationS = t;
  }

  /** Index of the last kept piece starting at or before source time t (-1 before the first). */
  private pieceAtSource(t: number): number {
    let lo = 0;
    let hi = this.kept.length - 1;
    let k = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.kept[mid].start_s <= t) {
        k = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return k;
  }

  toEdited(t: number): number {
    const k = this.pieceAtSource(t);
    if (k < 0) return 0;
    const p = this.kept[k];
    return this.starts[k] + Math.min(t, p.end_s) - p.start_s;
  }

  /** The source time shown at edited time u. */
  toSource(u: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    let k = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid] <= u) {
        k = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const p = this.kept[k];
    return p ? Math.min(p.end_s, p.start_s + (u - this.starts[k])) : 0;
  }

  /** Whether source time t is kept. */
  keeps(t: number): boolean {
    const k = this.pieceAtSource(t);
    return k >= 0 && t < this.kept[k].end_s;
  }

  /** A source range on the edited timeline: the parts of it that are kept, joined where they now touch. */
  segment(r: Range): Range[] {
    const out: Range[] = [];
    let k = Math.max(0, this.pieceAtSource(r.start_s));
    for (; k < this.kept.length && this.kept[k].start_s < r.end_s; k++) {
      const p = this.kept[k];
      const a = Math.max(p.start_s, r.start_s);
      const b = Math.min(p.end_s, r.end_s);
      if (b > a) out.push({ start_s: this.starts[k] + a - p.start_s, end_s: this.starts[k] + b - p.start_s });
    }
    return union(out);
  }
}
