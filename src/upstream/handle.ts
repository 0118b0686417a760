/**
 * Handle resolver: ADA Handle (https://api.handle.me). `GET /handles/{name}` with the lowercase name and no
 * `$`; 200 and 202 (found, indexer catching up) both carry the handle; 404, 406, 451, 423 and 403 all mean
 * "not resolvable here" and are reported as null. `holder` is the holder's stake address for wallets;
 * `resolved_addresses.ada` is the payment address.
 */
import type { Memo } from '../cache/memo'
import { memoised, type Fetched } from './fetched'
import type { UpstreamHttp } from './http-client'
import { expectObject, obj, text } from './parse'

export interface ResolvedHandle {
  name: string
  holder: string | null
  holderType: string | null
  /** Payment address the handle resolves to. */
  adaAddress: string | null
}

const UNRESOLVED_STATUSES = [400, 403, 404, 406, 423, 451]
export const DEFAULT_HANDLE_TTL_MS = 5 * 60_000

export class HandleResolver {
  constructor(
    private readonly http: UpstreamHttp,
    private readonly memo: Memo,
    private readonly ttlMs = DEFAULT_HANDLE_TTL_MS,
  ) {}

  resolve(name: string): Promise<Fetched<ResolvedHandle | null>> {
    const lower = name.toLowerCase()
    return memoised(this.memo, `handle:${lower}`, { ttlMs: this.ttlMs }, async () => {
      const res = await this.http.get(`/handles/${encodeURIComponent(lower)}`, undefined, UNRESOLVED_STATUSES)
      if (res.status !== 200 && res.status !== 202) return null
      const body = expectObject('handle', res.body, 'handles/{handle}')
      return {
        name: text(body.name) ?? lower,
        holder: text(body.holder),
        holderType: text(body.holder_type),
        adaAddress: text(obj(body.resolved_addresses)?.ada),
      }
    })
  }
}
