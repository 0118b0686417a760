/**
 * Keys of the cached community answers. A write moves the key to a new generation (and drops the old
 * entries): the writer's next read can then neither hit an old answer nor join a build that started before the
 * write and would store the old rows after it.
 * Comments are keyed per unit; boost summaries cover lists of units, so any boost renews them all (boosts are
 * one per stake address per day: rare next to reads).
 * With several instances (REDIS_URL), each write is also applied here when another instance reports it
 * (src/cluster/write-notices.ts), and a gap in those reports renews everything.
 */
export class CommunityCacheKeys {
  /** One counter for every generation ever handed out, so a generation value is never reused. */
  private sequence = 0
  private boostsGeneration = 0
  /** The generation of every unit without a comment written since the last gap. */
  private commentsBase = 0
  /** Units with a comment written by this process; the oldest are forgotten past `maxUnits`. */
  private readonly commentGenerations = new Map<string, number>()

  constructor(
    private readonly responses: { invalidate(prefix: string): void },
    private readonly maxUnits = 10_000,
  ) {}

  boosts(units: string[]): string {
    return `community|boosts|${this.boostsGeneration}|${units.join(',')}`
  }

  comments(unit: string): string {
    return `community|comments|${unit}|${this.commentGenerations.get(unit) ?? this.commentsBase}`
  }

  boostWritten(): void {
    this.boostsGeneration = ++this.sequence
    this.responses.invalidate('community|boosts|')
  }

  commentWritten(unit: string): void {
    this.commentGenerations.delete(unit)
    this.commentGenerations.set(unit, ++this.sequence)
    // A forgotten unit falls back to the base generation, whose entries were dropped at its first write.
    if (this.commentGenerations.size > this.maxUnits) {
      this.commentGenerations.delete(this.commentGenerations.keys().next().value!)
    }
    this.responses.invalidate(`community|comments|${unit}|`)
  }

  /** Writes may have been missed (another instance's report was lost): renew every community answer. */
  everythingWritten(): void {
    this.boostsGeneration = ++this.sequence
    this.commentsBase = ++this.sequence
    this.commentGenerations.clear()
    this.responses.invalidate('community|')
  }
}
