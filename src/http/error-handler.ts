import { Elysia, ValidationError } from 'elysia'
import type { Logger } from '../observability/logger'
import { classifyError } from './classify-error'
import { apiError, fromBody } from './error-catalogue'
import { ApiError, schemaErrorBody } from './errors'
import { requestIdOf } from './request-id'
import { requestPath } from './request-path'

/**
 * The one place errors become HTTP. Every non-2xx answer is JSON `{code, error, hint}`: Elysia's own failures
 * (no route, wrong method, validation, unreadable body) are worded here, a schema's `error` option (an error
 * body, or a hint string) words validation failures, and everything else is classified as MCP tools classify
 * it (classify-error.ts); a 500's details go to the log, never to the client.
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
    const answer = classify(ctx.code, ctx.error, ctx.request, deps.routes)
    if (answer.status >= 500 && answer.status !== 502 && answer.status !== 503) {
      deps.logger.error(
        { reqId: requestIdOf(ctx.request), err: ctx.error, path: ctx.path },
        'unhandled error',
      )
    }
    // onAfterResponse reads the status from here for the request log and metrics.
    ctx.set.status = answer.status
    return jsonError(answer)
  })
}

function classify(code: unknown, error: unknown, request: Request, routes: () => RouteTable): ApiError {
  if (error instanceof ApiError) return error
  switch (code) {
    case 'NOT_FOUND': {
      const path = requestPath(request.url)
      const allowed = routes().methodsFor(path)
      if (allowed.length > 0) return apiError('method_not_allowed', { path, allow: allowed.join(', ') })
      return apiError('not_found', { path })
    }
    case 'VALIDATION':
      return validationError(error as ValidationError)
    case 'PARSE':
      return apiError('unreadable_body')
    case 'INVALID_COOKIE_SIGNATURE':
    case 'INVALID_FILE_TYPE':
      return apiError('bad_request')
    default:
      return classifyError(error)
  }
}

const WHERE: Record<string, string> = { query: 'query parameter', params: 'path parameter', body: 'body field', headers: 'header' }

function validationError(error: ValidationError): ApiError {
  // A failing response schema is our bug (Elysia reports it as a validation error too).
  if (error.type === 'response') return apiError('internal_error')
  const custom = error.customError as unknown
  const body = schemaErrorBody(custom)
  if (body !== null) return fromBody(body, error.valueError?.value)
  const name = (error.valueError?.path ?? '').split('/').filter(Boolean)[0]
  const where = WHERE[error.type] ?? 'input'
  const label = name ? `Invalid ${where} '${name}'` : `Invalid ${where}`
  if (typeof custom === 'string') return apiError('validation_failed', { label, hint: custom })
  const detail = error.valueError?.message ?? 'unexpected value'
  const next = error.type === 'body' ? 'Send a JSON object with the documented fields.' : 'GET /api/v1/ documents each parameter.'
  return apiError('validation_failed', { label, hint: `${detail}. ${next}` })
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
