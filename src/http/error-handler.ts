import { Elysia, ValidationError } from 'elysia'
import type { Logger } from '../observability/logger'
import { FairShareRefusal, UPSTREAM_LABEL, UpstreamError, upstreamTitle } from '../upstream/errors'
import { ApiError } from './errors'
import { requestIdOf } from './request-id'
import { requestPath } from './request-path'

/**
 * The one place errors become HTTP. Every non-2xx answer is JSON `{error, hint}`: ApiError carries its own
 * status; a schema's `error` option (`{error, hint}` or a hint string) words validation failures; upstream
 * failures with no cached copy are 502 naming the upstream; anything else is a 500 whose details go to the
 * log, never to the client.
 */

export interface RouteTable {
  /** Methods registered for a concrete path, for 405 answers. */
  methodsFor(pathname: string): string[]
  /** The route template a concrete path matches (`/api/v1/tokens/:asset`), or `unmatched`: a bounded metric label. */
  templateFor(pathname: string): string
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }

export function jsonError(error: ApiError): Response {
  return new Response(JSON.stringify(error.toBody()), {
    status: error.status,
    headers: { ...JSON_HEADERS, ...error.headers },
  })
}

export function errorHandler(deps: { logger: Logger; routes: () => RouteTable }) {
  return new Elysia({ name: 'error-handler' }).onError({ as: 'global' }, function toJsonError(ctx) {
    const apiError = classify(ctx.code, ctx.error, ctx.request, deps.routes)
    if (apiError.status >= 500 && apiError.status !== 502 && apiError.status !== 503) {
      deps.logger.error(
        { reqId: requestIdOf(ctx.request), err: ctx.error, path: ctx.path },
        'unhandled error',
      )
    }
    // onAfterResponse reads the status from here for the request log and metrics.
    ctx.set.status = apiError.status
    return jsonError(apiError)
  })
}

function classify(code: unknown, error: unknown, request: Request, routes: () => RouteTable): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof UpstreamError) return upstreamUnavailable(error)
  switch (code) {
    case 'NOT_FOUND': {
      const path = requestPath(request.url)
      const allowed = routes().methodsFor(path)
      if (allowed.length > 0) {
        const allow = allowed.join(', ')
        return new ApiError(405, 'Method not allowed', `${path} accepts ${allow}.`, { allow })
      }
      return new ApiError(404, 'Not found', `No endpoint at ${path}. GET /api/v1/ lists every endpoint with examples.`)
    }
    case 'VALIDATION':
      return validationError(error as ValidationError)
    case 'PARSE':
      return new ApiError(400, 'Invalid request body', 'Send a JSON object with Content-Type: application/json.')
    case 'INVALID_COOKIE_SIGNATURE':
    case 'INVALID_FILE_TYPE':
      return new ApiError(400, 'Bad request', 'The request could not be read.')
    default:
      return new ApiError(500, 'Internal error', 'Something failed on our side. Retry later, and quote the X-Request-Id header when reporting it.')
  }
}

/**
 * An upstream failure with no cached copy, as the 502 clients see (REST and MCP word it the same); a client over
 * its fair share of an upstream's budget gets 503 with Retry-After (nothing was called).
 */
export function upstreamUnavailable(error: UpstreamError): ApiError {
  const name = UPSTREAM_LABEL[error.upstream]
  if (error instanceof FairShareRefusal) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000))
    return new ApiError(
      503,
      'Busy for this client',
      `This client has used its fair share of the ${name}'s call budget for answers not yet cached; answers other ` +
        `clients already asked for are still served. Retry in ${seconds} s, or ask for fewer distinct uncached resources.`,
      { 'retry-after': String(seconds) },
    )
  }
  return new ApiError(
    502,
    `Upstream unavailable: ${name}`,
    `The ${upstreamTitle(error.upstream)} did not give a usable answer (${error.failure.replace('_', ' ')}) and no cached copy exists yet. Retry in a minute.`,
  )
}

const WHERE: Record<string, string> = { query: 'query parameter', params: 'path parameter', body: 'body field', headers: 'header' }

function validationError(error: ValidationError): ApiError {
  // A failing response schema is our bug (Elysia reports it as a validation error too).
  if (error.type === 'response') {
    return new ApiError(500, 'Internal error', 'Something failed on our side. Retry later, and quote the X-Request-Id header when reporting it.')
  }
  const custom = error.customError as unknown
  const name = (error.valueError?.path ?? '').split('/').filter(Boolean)[0]
  const where = WHERE[error.type] ?? 'input'
  if (typeof custom === 'object' && custom !== null && 'error' in custom) {
    const c = custom as { error: string; hint?: string }
    return new ApiError(400, c.error, c.hint)
  }
  const label = name ? `Invalid ${where} '${name}'` : `Invalid ${where}`
  if (typeof custom === 'string') return new ApiError(400, label, custom)
  const detail = error.valueError?.message ?? 'unexpected value'
  if (error.type === 'body') return new ApiError(400, label, `${detail}. Send a JSON object with the documented fields.`)
  return new ApiError(400, label, `${detail}. GET /api/v1/ documents each parameter.`)
}

/** Builds the 405 lookup and route templates from the app's own routes, so they can never disagree with them. */
export function routeTable(routes: Array<{ method: string; path: string }>): RouteTable {
  const patterns = routes
    .filter((r) => r.method !== 'ALL' && r.method !== 'OPTIONS')
    .map((r) => ({
      method: r.method,
      template: r.path,
      regex: new RegExp(
        `^${r.path.replace(/\/$/, '').replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+').replace(/\*/g, '.*')}/?$`,
      ),
    }))
  // Static paths (no parameter) resolve with one map lookup on the hot path.
  const staticTemplates = new Map<string, string>()
  for (const p of patterns) {
    if (!p.template.includes(':') && !p.template.includes('*')) {
      staticTemplates.set(p.template, p.template)
      staticTemplates.set(p.template.endsWith('/') ? p.template.slice(0, -1) : `${p.template}/`, p.template)
    }
  }
  return {
    methodsFor(pathname: string) {
      const methods = new Set<string>()
      for (const p of patterns) if (p.regex.test(pathname)) methods.add(p.method)
      if (methods.has('GET')) methods.add('HEAD')
      return [...methods].sort()
    },
    templateFor(pathname: string) {
      const direct = staticTemplates.get(pathname)
      if (direct !== undefined) return direct
      for (const p of patterns) if (p.regex.test(pathname)) return p.template
      return 'unmatched'
    },
  }
}
