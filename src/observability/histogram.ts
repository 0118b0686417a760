/**
 * A Prometheus histogram for the per-request latency. prom-client hashes the label object on every
 * observation (even through `labels()` children), which measured ~8 % of a cached hit's CPU; here each label
 * set resolves once to its own bucket array. Rendered in the text exposition format next to prom-client's.
 */
export class FastHistogram {
  private readonly series = new Map<string, { labels: string; counts: Float64Array; sum: number; count: number }>()

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    readonly buckets: readonly number[],
  ) {}

  /** `labelValues` in the order of `labelNames`. */
  observe(labelValues: readonly string[], value: number): void {
    const key = labelValues.join('\u0000')
    let s = this.series.get(key)
    if (s === undefined) {
      const labels = this.labelNames.map((n, i) => `${n}="${escapeLabel(labelValues[i])}"`).join(',')
      s = { labels, counts: new Float64Array(this.buckets.length), sum: 0, count: 0 }
      this.series.set(key, s)
    }
    for (let i = 0; i < this.buckets.length; i++) {
      if (value <= this.buckets[i]) {
        s.counts[i] += 1
        break
      }
    }
    s.sum += value
    s.count += 1
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`]
    for (const s of this.series.values()) {
      let cumulative = 0
      for (let i = 0; i < this.buckets.length; i++) {
        cumulative += s.counts[i]
        lines.push(`${this.name}_bucket{${s.labels},le="${this.buckets[i]}"} ${cumulative}`)
      }
      lines.push(`${this.name}_bucket{${s.labels},le="+Inf"} ${s.count}`)
      lines.push(`${this.name}_sum{${s.labels}} ${s.sum}`)
      lines.push(`${this.name}_count{${s.labels}} ${s.count}`)
    }
    return `${lines.join('\n')}\n`
  }
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
}
