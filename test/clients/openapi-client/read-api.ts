/**
 * A small client as an integrator writes it: types generated from the service's OpenAPI document by
 * openapi-typescript (./generated/api.ts, written by openapi-client.test.ts, not committed; a .ts file, so tsc checks it whole) and requests
 * made with openapi-fetch. It must type-check against the generated types (the test runs tsc on this folder,
 * with its own tsconfig), so the document has to describe paths, parameters and bodies precisely enough for
 * these reads. The project's own typecheck leaves this folder out: the types exist only while the test runs.
 */
import createClient from 'openapi-fetch'
import type { paths } from './generated/api'

export interface Reads {
  screenerCount: number
  symbols: string[]
  token: { symbol: string; priceUsd: number | null; pairSources: string[] }
  unknownToken: { status: number; error: string | undefined }
  candles: Array<{ time: number; close: number }>
  wallet: { stakeAddress: string | null; holdings: number; totalValueUsd: number | null }
  market: { days: number; series: number[][]; adaUsd: number }
}

/** What a failed read says, as a thrown error. */
function required<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) throw new Error(`${answer.response.status} ${answer.response.url}: ${JSON.stringify(answer.error)}`)
  return answer.data
}

/** `baseUrl` is the document's `servers[0].url` (the versioned base, /api/v1 included). */
export async function readApi(baseUrl: string, sample: { asset: string; unknownAsset: string; wallet: string }): Promise<Reads> {
  const api = createClient<paths>({ baseUrl })
  const asset = { path: { asset: sample.asset } }

  const screener = required(await api.GET('/tokens'))
  const token = required(await api.GET('/tokens/{asset}', { params: asset }))
  const missing = await api.GET('/tokens/{asset}', { params: { path: { asset: sample.unknownAsset } } })
  const ohlcv = required(await api.GET('/tokens/{asset}/ohlcv', { params: { ...asset, query: { tf: '1d', limit: 30, quote: 'usd' } } }))
  const wallet = required(await api.GET('/wallet/{address}', { params: { path: { address: sample.wallet } } }))
  const market = required(await api.GET('/market', { params: { query: { days: 7 } } }))

  // Typed misuse the generated types must refuse, or they would be too loose to be worth generating.
  // @ts-expect-error: tf is one of the documented timeframes
  void (() => api.GET('/tokens/{asset}/ohlcv', { params: { ...asset, query: { tf: '5y' } } }))
  // @ts-expect-error: /tokens/{asset} needs its path parameter
  void (() => api.GET('/tokens/{asset}', {}))
  // @ts-expect-error: no such path
  void (() => api.GET('/token'))
  // The series is a [ms, usd] tuple in the generated types (openapi-fetch's Readable<> widens tuples to arrays).
  type Point = paths['/market']['get']['responses'][200]['content']['application/json']['series'][number]
  const point: Point = [1751716804217, 0.63811]
  // @ts-expect-error: a point has exactly two numbers
  const triple: Point = [1751716804217, 0.63811, 1]
  void [point, triple]

  return {
    screenerCount: screener.count,
    symbols: screener.tokens.map((row) => row.symbol),
    token: { symbol: token.symbol, priceUsd: token.priceUsd, pairSources: token.pairs.map((pair) => pair.source) },
    // The error body is typed from the 404 answer's shared Error schema.
    unknownToken: { status: missing.response.status, error: missing.error?.error },
    candles: ohlcv.candles.map((candle) => ({ time: candle.time, close: candle.close })),
    wallet: { stakeAddress: wallet.stakeAddress, holdings: wallet.holdings.length, totalValueUsd: wallet.totalValueUsd },
    market: { days: market.days, series: market.series, adaUsd: market.ada.priceUsd },
  }
}

// `bun read-api.ts <baseUrl> <asset> <unknownAsset> <wallet>` prints the reads as JSON (what the test runs).
if (import.meta.main) {
  const [baseUrl, asset, unknownAsset, wallet] = process.argv.slice(2)
  console.log(JSON.stringify(await readApi(baseUrl, { asset, unknownAsset, wallet })))
}
