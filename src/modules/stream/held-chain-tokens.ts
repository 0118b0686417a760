/**
 * The `chain:tokens` topic's snapshot: the first page of GET /chain/tokens (most liquid first, as the REST default
 * answers it), read from the records when a stream opens and held for a reset. Rows are held with the configured
 * base's logo URLs (paths without PUBLIC_BASE_URL) and made absolute on each client's origin when written.
 */
import { logoUrl } from '../../paths'

/** The REST answer of GET /chain/tokens (its rows carry `address` and `imageUrl`). */
export type ChainTokensAnswer = { readonly [field: string]: unknown; tokens: ReadonlyArray<{ readonly [field: string]: unknown; address: string }> }

const NOT_RECORDED_NOTE =
  'Chain figures are not recorded on this service (no database): this topic stays open and carries event: chain-tokens if another instance records them.'

export class HeldChainTokens {
  private read: (() => Promise<ChainTokensAnswer>) | null = null
  private held: ChainTokensAnswer | null = null

  /** This deployment records chain figures: snapshots read them (`recorded: true`). */
  recordedBy(read: () => Promise<ChainTokensAnswer>): void {
    this.read = read
  }

  /** Reads the first page afresh (a failed read keeps the last one held). */
  async refresh(onError: (error: unknown) => void): Promise<void> {
    if (this.read === null) return
    try {
      this.held = await this.read()
    } catch (error) {
      onError(error)
    }
  }

  /** A `chain:tokens` snapshot's data; with an `origin`, logo URLs held as paths are made absolute on it. */
  snapshot(topic: string, origin = ''): Record<string, unknown> {
    if (this.held === null) return { topic, recorded: this.read !== null, ...(this.read === null ? { note: NOT_RECORDED_NOTE } : {}), tokens: [] }
    const tokens = origin === '' ? this.held.tokens : this.held.tokens.map((row) => ({ ...row, imageUrl: logoUrl(origin, row.address) }))
    return { topic, recorded: true, ...this.held, tokens }
  }
}
