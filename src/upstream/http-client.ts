import type { BudgetLedger, CallClaim, Lane, RefusalReason } from './budget-ledger'
import { currentCall } from './call-context'
import { FairShareRefusal, UpstreamError, type UpstreamFailure, type UpstreamName } from './errors'

/** Receives one call per upstream attempt; the metrics and /readyz are built on it. */
export interface UpstreamObserver {
  attempt(upstream: UpstreamName, outcome: 'ok' | UpstreamFailure, durationMs: number, detail?: string): void
  budgetWait(upstream: UpstreamName): void
  /** A call the budget let through (one per attempt, retries included). */
  granted(upstream: UpstreamName, lane: Lane): void
  /** A call refused before it left: the lane's budget is spent, or the client holds its fair share of it. */
  refused(upstream: UpstreamName, lane: Lane, reason: RefusalReason): void
}

export interface UpstreamHttpOptions {
  name: UpstreamName
  baseUrl: string
  timeoutMs: number
  budget: BudgetLedger
  /** Longest a call waits for budget before failing as `over_budget`. */
  maxBudgetWaitMs: number
  headers?: Record<string, string>
  observer?: UpstreamObserver
}

export type Query = Record<string, string | number | boolean | undefined>

export interface UpstreamResponse {
  status: number
  /** Parsed JSON body; null for an accepted non-2xx status whose body is not JSON. */
  body: unknown
  headers: Headers
}

const MAX_BODY_BYTES = 32 * 1024 * 1024
const RETRY_BACKOFF_MS = { rate_limited: 1000, other: 250 }
/** Shortest pause between two asks while waiting for budget. */
const MIN_BUDGET_POLL_MS = 25
/** A retry is only worth starting with at least this much of the deadline left. */
const MIN_RETRY_WINDOW_MS = 500

/**
 * The HTTP side of every upstream adapter: base URL + the real API's path, one deadline per call covering
 * budget wait, attempts and backoff, at most one retry (network error, 429 or 5xx), and JSON parsing.
 * Anything unusable becomes an UpstreamError; nothing here throws anything else.
 */
export class UpstreamHttp {
  constructor(private readonly options: UpstreamHttpOptions) {}

  get name(): UpstreamName {
    return this.options.name
  }

  get(path: string, query?: Query, accept: number[] = []): Promise<UpstreamResponse> {
    return this.request('GET', path, query, undefined, accept)
  }

  post(path: string, body: unknown, query?: Query, accept: number[] = []): Promise<UpstreamResponse> {
    return this.request('POST', path, query, body, accept)
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    query: Query | undefined,
    body: unknown,
    accept: number[],
  ): Promise<UpstreamResponse> {
    const { name, timeoutMs, maxBudgetWaitMs, observer } = this.options
    const url = this.url(path, query)
    const deadline = Date.now() + timeoutMs
    const claim: CallClaim = { upstream: name, ...currentCall() }
    await this.admit(claim, Date.now() + Math.min(maxBudgetWaitMs, timeoutMs))

    let attempt = 0
    for (;;) {
      attempt += 1
      const started = Date.now()
      try {
        const response = await this.attempt(method, url, body, deadline, accept)
        observer?.attempt(name, 'ok', Date.now() - started)
        return response
      } catch (error) {
        const failure = error instanceof UpstreamError ? error : new UpstreamError(name, 'network', String(error))
        observer?.attempt(name, failure.failure, Date.now() - started, failure.message)
        const retryable = ['network', 'rate_limited', 'http_error'].includes(failure.failure) && !isClientError(failure)
        const backoff = failure.failure === 'rate_limited' ? RETRY_BACKOFF_MS.rate_limited : RETRY_BACKOFF_MS.other
        const left = deadline - Date.now() - backoff
        if (attempt > 1 || !retryable || left < MIN_RETRY_WINDOW_MS || !(await this.grant(claim))) throw failure
        await Bun.sleep(backoff + Math.floor(Math.random() * 100))
      }
    }
  }

  /**
   * Takes one call from the claim's lane, waiting for the budget until `waitUntil`. A client over its fair
   * share is refused at once: waiting would only hold a place others need.
   */
  private async admit(claim: CallClaim, waitUntil: number): Promise<void> {
    const { name, observer } = this.options
    let waited = false
    for (;;) {
      const verdict = await this.options.budget.tryTake(claim)
      if (verdict.granted) {
        observer?.granted(name, claim.lane)
        return
      }
      if (verdict.reason === 'fair_share') {
        observer?.refused(name, claim.lane, 'fair_share')
        observer?.attempt(name, 'fair_share', 0)
        throw new FairShareRefusal(name, verdict.retryAfterMs, claim.client)
      }
      if (Date.now() + verdict.retryAfterMs > waitUntil) {
        observer?.refused(name, claim.lane, 'budget')
        observer?.attempt(name, 'over_budget', 0)
        throw new UpstreamError(name, 'over_budget', `call budget (${claim.lane.replace('_', ' ')} lane) exhausted`)
      }
      if (!waited) observer?.budgetWait(name)
      waited = true
      // Not before the next grant is due, and never a tight loop (a shared ledger may round the wait to 0).
      await Bun.sleep(Math.max(MIN_BUDGET_POLL_MS, verdict.retryAfterMs))
    }
  }

  /** One more call (a retry) if the budget has it now. */
  private async grant(claim: CallClaim): Promise<boolean> {
    const verdict = await this.options.budget.tryTake(claim)
    if (verdict.granted) this.options.observer?.granted(this.options.name, claim.lane)
    return verdict.granted
  }

  private async attempt(
    method: string,
    url: string,
    body: unknown,
    deadline: number,
    accept: number[],
  ): Promise<UpstreamResponse> {
    const { name } = this.options
    const remaining = deadline - Date.now()
    if (remaining <= 0) throw new UpstreamError(name, 'timeout', 'deadline passed before the call')
    const signal = AbortSignal.timeout(remaining)
    const headers: Record<string, string> = { accept: 'application/json', ...this.options.headers }
    if (body !== undefined) headers['content-type'] = 'application/json'

    let response: Response
    let text: string
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        redirect: 'follow',
      })
      const length = Number(response.headers.get('content-length') ?? '0')
      if (length > MAX_BODY_BYTES) throw new UpstreamError(name, 'bad_shape', `body of ${length} bytes is too large`)
      text = await response.text()
    } catch (error) {
      if (error instanceof UpstreamError) throw error
      if (signal.aborted) throw new UpstreamError(name, 'timeout', `no answer within ${this.options.timeoutMs} ms`)
      throw new UpstreamError(name, 'network', error instanceof Error ? error.message : String(error))
    }

    const ok = response.status >= 200 && response.status < 300
    if (!ok && !accept.includes(response.status)) {
      if (response.status === 429) throw new UpstreamError(name, 'rate_limited', 'HTTP 429')
      throw new UpstreamError(name, 'http_error', `HTTP ${response.status}`)
    }
    if (text.length > MAX_BODY_BYTES) throw new UpstreamError(name, 'bad_shape', 'body too large')
    try {
      return { status: response.status, body: JSON.parse(text), headers: response.headers }
    } catch {
      if (!ok) return { status: response.status, body: null, headers: response.headers }
      throw new UpstreamError(name, 'invalid_json', `HTTP ${response.status} body is not JSON`)
    }
  }

  private url(path: string, query?: Query): string {
    let url = this.options.baseUrl + path
    if (query) {
      const params = new URLSearchParams()
      for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
      const qs = params.toString()
      if (qs) url += `?${qs}`
    }
    return url
  }
}

function isClientError(error: UpstreamError): boolean {
  // http_error covers 4xx and 5xx; only 5xx is worth a retry.
  return error.failure === 'http_error' && / 4\d\d$/.test(error.message)
}
