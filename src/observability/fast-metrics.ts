/**
 * Prometheus metrics updated on every request, where prom-client is too slow: it hashes and validates the label
 * values on every observation, even through `labels()` children (measured: label validation alone took 17 % of
 * a cached hit's CPU). Here each label set resolves once to its own slot. Rendered in the text exposition format
 * next to prom-client's registry (which keeps the rest: upstream metrics, process metrics).
 */

type LabelValue = string | number

/**
 * Label values to their series through one Map per label name: a lookup builds no key string (joining the
 * values measured a few per cent of a cached hit, paid twice per request).
 */
class SeriesIndex<S> {
  private readonly root = new Map<LabelValue, unknown>()
  /** Every series, in creation order (for rendering). */
  readonly all: S[] = []
  /** The last label values asked for and their series: a run of hits on one route asks for the same ones. */
  private lastValues: readonly LabelValue[] = []
  private lastSeries: S | undefined

  constructor(
    private readonly labelNames: readonly string[],
    private readonly create: (labels: string) => S,
  ) {}

  /** `labelValues` in the order of `labelNames`. */
  get(labelValues: readonly LabelValue[]): S {
    if (this.lastSeries !== undefined && sameValues(this.lastValues, labelValues)) return this.lastSeries
    const series = this.find(labelValues)
    // A copy: a caller may reuse its array.
    this.lastValues = [...labelValues]
    this.lastSeries = series
    return series
  }

  private find(labelValues: readonly LabelValue[]): S {
    let level = this.root
    const last = labelValues.length - 1
    for (let i = 0; i < last; i++) {
      let next = level.get(labelValues[i]) as Map<LabelValue, unknown> | undefined
      if (next === undefined) {
        next = new Map()
        level.set(labelValues[i], next)
      }
      level = next
    }
    let series = level.get(labelValues[last]) as S | undefined
    if (series === undefined) {
      series = this.create(labelsOf(this.labelNames, labelValues))
      level.set(labelValues[last], series)
      this.all.push(series)
    }
    return series
  }
}

/** A counter per label set. */
export class FastCounter {
  private readonly series: SeriesIndex<{ labels: string; value: number }>

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {
    this.series = new SeriesIndex(labelNames, (labels) => ({ labels, value: 0 }))
  }

  /** `labelValues` in the order of `labelNames`. */
  inc(labelValues: readonly LabelValue[], by = 1): void {
    this.series.get(labelValues).value += by
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`]
    for (const s of this.series.all) lines.push(`${this.name}{${s.labels}} ${s.value}`)
    return `${lines.join('\n')}\n`
  }
}

/** A histogram per label set. */
export class FastHistogram {
  private readonly series: SeriesIndex<{ labels: string; counts: Float64Array; sum: number; count: number }>

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    readonly buckets: readonly number[],
  ) {
    this.series = new SeriesIndex(labelNames, (labels) => ({ labels, counts: new Float64Array(buckets.length), sum: 0, count: 0 }))
  }

  /** `labelValues` in the order of `labelNames`. */
  observe(labelValues: readonly LabelValue[], value: number): void {
    const s = this.series.get(labelValues)
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
    for (const s of this.series.all) {
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

function sameValues(a: readonly LabelValue[], b: readonly LabelValue[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

function labelsOf(names: readonly string[], values: readonly LabelValue[]): string {
  return names.map((n, i) => `${n}="${escapeLabel(String(values[i]))}"`).join(',')
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
}
