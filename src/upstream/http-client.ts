import type { BudgetLedger, CallClaim, Lane, RefusalReason, Verdict } from './budget-ledger'
import { chainStarted, currentCall, heldAhead, waitForChainOf, type RequestChain } from './call-context'
import { BudgetRefusal, FairShareRefusal, UpstreamError, type UpstreamFailure, type UpstreamName } from './errors'
import { readSpent } from './spent-answers'
import { windowBounds } from './quota-windows'

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

/** A 429 "spent until the reset" to a call sent in a window that has reset since: the retry goes out at once. */
class SpentBeforeReset extends UpstreamError {
  constructor(upstream: UpstreamName) {
    super(upstream, 'rate_limited', 'HTTP 429 about the window before the reset')
  }
}

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
    const context = currentCall()
    const claim: CallClaim = { upstream: name, client: context.client, lane: context.lane }
    const chain = context.lane === 'long_tail' ? context.request : undefined
    let probe = await this.admit(claim, chain, Date.now() + Math.min(maxBudgetWaitMs, timeoutMs))

    let attempt = 0
    for (;;) {
      attempt += 1
      const started = Date.now()
      try {
        const response = await this.attempt(method, url, body, deadline, accept)
        observer?.attempt(name, 'ok', Date.now() - started)
        // The probe of a spent upstream was answered: it serves again.
        if (probe) await this.options.budget.markRecovered(name)
        return response
      } catch (error) {
        const failure = error instanceof UpstreamError ? error : new UpstreamError(name, 'network', String(error))
        observer?.attempt(name, failure.failure, Date.now() - started, failure.message)
        const retryable = ['network', 'rate_limited', 'http_error'].includes(failure.failure) && !isClientError(failure)
        const backoff = failure instanceof SpentBeforeReset ? 0 : failure.failure === 'rate_limited' ? RETRY_BACKOFF_MS.rate_limited : RETRY_BACKOFF_MS.other
        const left = deadline - Date.now() - backoff
        if (attempt > 1 || !retryable || left < MIN_RETRY_WINDOW_MS) throw failure
        const retry = await this.options.budget.tryTake(claim)
        if (!retry.granted) throw failure
        this.options.observer?.granted(name, claim.lane)
        probe = retry.probe === true
        await Bun.sleep(backoff + Math.floor(Math.random() * 100))
      }
    }
  }

  /**
   * Takes one call from the claim's lane, waiting for the minute's budget until `waitUntil`; says whether the
   * call is the probe of a spent upstream. In a request, a long-tail call spends a call granted ahead or, at
   * the request's first cold call, asks for its whole declared chain at once. A client over its fair share, a
   * paced or used-up quota and a spent upstream are refused at once: waiting would only hold a place others need.
   */
  private async admit(claim: CallClaim, chain: RequestChain | undefined, waitUntil: number): Promise<boolean> {
    const { name, observer } = this.options
    const ahead = chain?.tickets?.[name] ?? 0
    if (chain?.tickets && ahead > 0) {
      chain.tickets[name] = ahead - 1
      return false
    }
    // Another cold call of this request is being admitted for the whole chain: its grant covers this one too.
    if (chain?.admitting !== undefined && chain.tickets === null) {
      await chain.admitting
      return this.admit(claim, chain, waitUntil)
    }
    let waited = false
    for (;;) {
      const verdict = chain === undefined ? await this.options.budget.tryTake(claim) : await this.takeForRequest(claim, chain)
      if (verdict.granted) {
        observer?.granted(name, claim.lane)
        return verdict.probe === true
      }
      const upstream = verdict.upstream ?? name
      // A chain refused while this client's other running chains hold calls they may give back (a chart whose
      // token has no pool) waits for one to end, so a lone client's burst is served up to its share.
      if (verdict.reason === 'fair_share' && chain !== undefined && chain.tickets === null && !waited && this.mayComeBack(claim, chain, verdict)) {
        waited = true
        if (await waitForChainOf(claim.client, waitUntil - Date.now())) continue
      }
      if (verdict.reason === 'fair_share') {
        observer?.refused(upstream, claim.lane, 'fair_share')
        observer?.attempt(upstream, 'fair_share', 0)
        throw new FairShareRefusal(upstream, verdict.retryAfterMs, claim.client)
      }
      if (verdict.reason !== 'budget' || Date.now() + verdict.retryAfterMs > waitUntil) {
        const reason = verdict.reason === 'budget' ? 'over_budget' : verdict.reason
        observer?.refused(upstream, claim.lane, verdict.reason)
        observer?.attempt(upstream, reason, 0)
        throw new BudgetRefusal(upstream, reason, verdict.retryAfterMs, refusalDetail(verdict.reason, claim.lane))
      }
      if (!waited) observer?.budgetWait(name)
      waited = true
      // Not before the next grant is due, and never a tight loop (a shared ledger may round the wait to 0).
      await Bun.sleep(Math.max(MIN_BUDGET_POLL_MS, verdict.retryAfterMs))
    }
  }

  /** Whether calls `client`'s running chains hold ahead would cover what this chain lacks on the refusing upstream. */
  private mayComeBack(claim: CallClaim, chain: RequestChain, verdict: Verdict): boolean {
    const upstream = verdict.granted ? claim.upstream : (verdict.upstream ?? claim.upstream)
    const needed = Math.max(upstream === claim.upstream ? 1 : 0, chain.need[upstream] ?? 0)
    const remaining = verdict.shares?.find((s) => s.upstream === upstream)?.remaining ?? 0
    return remaining + heldAhead(claim.client, upstream) >= needed
  }

  /** A long-tail call of a request: its first asks for the declared chain at once; later ones for one more call. */
  private async takeForRequest(claim: CallClaim, chain: RequestChain): Promise<Verdict> {
    const first = chain.tickets === null
    const need = first ? { ...chain.need, [claim.upstream]: Math.max(1, chain.need[claim.upstream] ?? 0) } : { [claim.upstream]: 1 }
    const claims = Object.entries(need)
      .filter(([, calls]) => (calls ?? 0) > 0)
      .map(([upstream, calls]) => ({ upstream: upstream as UpstreamName, lane: 'long_tail' as const, client: claim.client, calls }))
    const asked = Promise.resolve(this.options.budget.tryTakeAll(claims))
    if (first) chain.admitting = asked.catch(() => undefined)
    let verdict: Verdict
    try {
      verdict = await asked
    } finally {
      if (first) chain.admitting = undefined
    }
    for (const share of verdict.shares ?? []) chain.shares.set(share.upstream, share)
    if (verdict.granted && first) {
      // This call spends one of them; the rest are the chain's, granted ahead.
      const tickets: Partial<Record<UpstreamName, number>> = Object.fromEntries(
        claims.map((c) => [c.upstream, c.calls - (c.upstream === claim.upstream ? 1 : 0)]),
      )
      const ledger = this.options.budget
      const giveBack = () => {
        for (const [upstream, calls] of Object.entries(tickets)) {
          if ((calls ?? 0) > 0) void ledger.release({ upstream: upstream as UpstreamName, lane: 'long_tail', client: claim.client, calls })
        }
      }
      if (verdict.probe) {
        // The probe of a spent upstream is one call: the rest goes back, and the chain's next calls ask one by one.
        giveBack()
        chain.tickets = {}
        return verdict
      }
      chain.tickets = tickets
      chain.release = giveBack
      chainStarted(chain, claim.client)
    }
    return verdict
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
    // A spent answer speaks of the window the call was sent in.
    const askedAt = this.options.budget.now()

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
      if (response.status === 429) {
        // Believed: a spent tier stops calls until its reset, any other 429 for its Retry-After (or 60 s).
        const spent = readSpent(name, text, response.headers.get('retry-after'))
        await this.options.budget.markSpent(name, spent, askedAt)
        // Sent before the window's reset and read after it: it says nothing of the new window (asked again at once).
        if (spent.kind === 'exhausted' && windowBounds(spent.window, askedAt).end <= this.options.budget.now()) throw new SpentBeforeReset(name)
        throw new UpstreamError(name, 'rate_limited', spent.kind === 'exhausted' ? `HTTP 429: quota spent until the ${spent.window}'s reset` : 'HTTP 429')
      }
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

function refusalDetail(reason: RefusalReason, lane: Lane): string {
  if (reason === 'budget') return `call budget (${lane.replace('_', ' ')} lane) exhausted`
  if (reason === 'quota') return "the day's or month's allowance is used for now"
  return 'the upstream said its quota is spent (or asked to cool down)'
}

function isClientError(error: UpstreamError): boolean {
  // http_error covers 4xx and 5xx; only 5xx is worth a retry.
  return error.failure === 'http_error' && / 4\d\d$/.test(error.message)
}
