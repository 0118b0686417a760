import { Elysia } from 'elysia'
import type { ClusterStatus } from '../../cluster/cluster'
import { bearerCheck } from '../../http/bearer-token'
import { apiError } from '../../http/error-catalogue'
import type { Metrics } from '../../observability/metrics'
import type { BudgetLedger } from '../../upstream/budget-ledger'
import { UPSTREAM_NAMES, type CorePlan } from '../../upstream/core-plan'
import type { FollowerPosition } from '../../chain/position'

export interface DatabaseProbe {
  ping(): Promise<void>
}

const NO_STORE = { 'cache-control': 'no-store' }

/**
 * Operations endpoints, outside the versioned API and the OpenAPI document:
 * - /healthz: the process answers (no upstream or database call);
 * - /readyz: 503 when the configured database cannot be reached; otherwise 200, with "degraded" when an
 *   upstream's last call failed (stale copies are still served then) or the shared Redis is unavailable (each
 *   instance then answers from its own memory with its own budget share), the last status of each upstream and
 *   the core plan (each upstream's budget, core share and core intervals), and per upstream and window
 *   (minute lanes, UTC day, UTC month) its limit, use and reset time; an upstream that said its quota is spent
 *   is not ok, with the time it is exhausted until; and the chain follower's position (`chain`: its source, the
 *   last block processed, the tip last seen, how far behind; a source that does not answer makes it "degraded");
 * - /metrics: Prometheus text; with METRICS_TOKEN set, only for `Authorization: Bearer <token>` (401 otherwise).
 */
export function opsRoutes(deps: {
  config: { metricsToken: string | null }
  metrics: Metrics
  database: DatabaseProbe | null
  cluster: { status(): ClusterStatus } | null
  upstreams: { plan: CorePlan; ledger: Pick<BudgetLedger, 'usage'> }
  /** The chain follower's position (null when it is off). */
  chain: { position: { read(): Promise<FollowerPosition> } } | null
}) {
  const startedAt = Date.now()
  const authorised = deps.config.metricsToken === null ? () => true : bearerCheck(deps.config.metricsToken)
  return new Elysia({ name: 'ops' })
    .get('/healthz', ({ set }) => {
      Object.assign(set.headers, NO_STORE)
      return { status: 'ok', uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000) }
    }, { detail: { hide: true } })
    .get('/readyz', async ({ set }) => {
      Object.assign(set.headers, NO_STORE)
      let database: 'ok' | 'disabled' | 'unreachable' = 'disabled'
      if (deps.database !== null) {
        database = await deps.database.ping().then(
          () => 'ok' as const,
          () => 'unreachable' as const,
        )
      }
      const upstreams = deps.metrics.upstreams()
      const quotas = await deps.upstreams.ledger.usage()
      for (const name of UPSTREAM_NAMES) {
        const usage = quotas[name]
        if (usage?.spent == null) continue
        const status = upstreams[name]
        const exhausted = usage.spent.kind === 'exhausted'
        upstreams[name] = {
          ...status,
          ok: false,
          at: status?.at ?? new Date().toISOString(),
          lastError: exhausted ? 'quota exhausted (the upstream said so)' : 'cooling down after HTTP 429',
          [exhausted ? 'exhaustedUntil' : 'coolingUntil']: usage.spent.until,
        }
      }
      const upstreamsOk = Object.values(upstreams).every((u) => u?.ok !== false)
      const shared = deps.cluster?.status()
      // The follower's source down (Ogmios gone, Koios failing) degrades the service, never takes it down.
      const chain = deps.chain === null || database === 'unreachable' ? null : await deps.chain.position.read().catch(() => null)
      set.status = database === 'unreachable' ? 503 : 200
      const degraded = !upstreamsOk || (shared !== undefined && shared.redis !== 'ok') || chain?.status === 'degraded'
      const status = database === 'unreachable' ? 'unavailable' : degraded ? 'degraded' : 'ready'
      // The core plan: per upstream its budget, the share reserved for core inputs and their intervals.
      const plan = deps.upstreams.plan
      const body = { status, database, chain, upstreams, quotas, plan }
      return shared === undefined ? body : { ...body, shared }
    }, { detail: { hide: true } })
    .get('/metrics', async ({ request }) => {
      if (!authorised(request.headers.get('authorization'))) throw apiError('metrics_unauthorized')
      const { contentType, body } = await deps.metrics.render()
      return new Response(body, { headers: { 'content-type': contentType, ...NO_STORE } })
    }, { detail: { hide: true } })
}
