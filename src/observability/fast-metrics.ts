/**
 * Prometheus metrics updated on every request, where prom-client is too slow: it hashes and validates the label
 * values on every observation, even through `labels()` children (measured: label validation alone took 17 % of
 * a cached hit's CPU). Here each label set resolves once to its own slot. Rendered in the text exposition format
 * next to prom-client's registry (which keeps the rest: upstream metrics, process metrics).
 */

/** A counter per label set. */
export class FastCounter {
  private readonly series = new Map<string, { labels: string; value: number }>()

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {}

  /** `labelValues` in the order of `labelNames`. */
  inc(labelValues: readonly string[], by = 1): void {
    const key = labelValues.join('\u0000')
    let s = this.series.get(key)
    if (s === undefined) {
      s = { labels: labelsOf(this.labelNames, labelValues), value: 0 }
      this.series.set(key, s)
    }
    s.value += by
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`]
    for (const s of this.series.values()) lines.push(`${this.name}{${s.labels}} ${s.value}`)
    return `${lines.join('\n')}\n`
  }
}

/** A histogram per label set. */
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
      s = { labels: labelsOf(this.labelNames, labelValues), counts: new Float64Array(this.buckets.length), sum: 0, count: 0 }
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

function labelsOf(names: readonly string[], values: readonly string[]): string {
  return names.map((n, i) => `${n}="${escapeLabel(values[i])}"`).join(',')
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
}
