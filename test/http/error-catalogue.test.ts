/**
 * The error registry (src/http/error-catalogue.ts): every error has a stable snake_case code, the codes once
 * published stay, the per-endpoint docs and the schemas' 400 wordings name registry errors with their statuses,
 * REST and MCP classify thrown values alike, and the errors guide shows the registry's table.
 * (test/faults/bad-input.test.ts checks every answer of the bad-input sweep carries a registry code.)
 */
import { describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { catalogue } from '../../src/catalogue'
import { classifyError } from '../../src/http/classify-error'
import { ERRORS, errorCodeTable, isErrorCode, sampleErrors, type ErrorCode } from '../../src/http/error-catalogue'
import { schemaErrorBody } from '../../src/http/errors'
import { FairShareRefusal, UpstreamError } from '../../src/upstream/errors'
import { startService } from '../helpers'

const ROOT = join(import.meta.dir, '..', '..')
const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/

/**
 * Codes clients may already branch on: renaming or removing one breaks them (adding codes is fine). This list is
 * the published contract, not a copy of the registry.
 */
const PUBLISHED = [
  'not_found', 'method_not_allowed', 'validation_failed', 'unreadable_body', 'bad_request', 'invalid_host_header',
  'internal_error', 'upstream_unavailable', 'busy_for_this_client', 'invalid_asset_unit', 'invalid_search_query',
  'invalid_timeframe', 'invalid_limit', 'invalid_quote', 'invalid_pool_address', 'invalid_from', 'invalid_to',
  'invalid_range', 'invalid_day', 'invalid_format', 'invalid_days', 'invalid_ecosystem', 'invalid_wallet_input',
  'invalid_units', 'too_many_units', 'invalid_arguments', 'token_not_found', 'token_not_recorded', 'no_chartable_pool',
  'pool_not_found', 'address_not_found', 'stake_address_not_found', 'handle_not_found', 'docs_not_built',
  'reference_asset_not_found', 'invalid_request_body', 'missing_body_field', 'invalid_body_field', 'body_too_large',
  'signature_verification_failed', 'invalid_signed_payload', 'stale_signed_payload', 'payload_url_mismatch',
  'already_boosted_today', 'daily_comment_limit_reached', 'database_not_configured', 'database_busy',
]

describe('the error registry', () => {
  it('gives every error a snake_case code of its own, a 4xx/5xx status, an error text and a hint', () => {
    const samples = sampleErrors()
    expect(samples.length).toBe(Object.keys(ERRORS).length)
    for (const error of samples) {
      expect(error.code).toMatch(SNAKE_CASE)
      expect(error.status).toBeGreaterThanOrEqual(400)
      expect(error.status).toBeLessThan(600)
      expect(error.error.length).toBeGreaterThan(0)
      expect(error.hint.length).toBeGreaterThan(0)
      expect(`${error.error} ${error.hint}`).not.toMatch(/undefined|\[object /)
      expect(error.toBody()).toEqual({ code: error.code, error: error.error, hint: error.hint })
    }
    expect(new Set(samples.map((e) => e.code.toLowerCase())).size).toBe(samples.length)
  })

  it('keeps every published code', () => {
    for (const code of PUBLISHED) expect({ code, known: isErrorCode(code) }).toEqual({ code, known: true })
  })

  it('classifies thrown values one way for REST and MCP: domain errors as they are, upstreams, bugs as the one 500', () => {
    expect(classifyError(new Error('secret internals')).toBody()).toEqual({
      code: 'internal_error',
      error: 'Internal error',
      hint: 'Something failed on our side. Retry later, and quote the X-Request-Id header when reporting it.',
    })
    const upstream = classifyError(new UpstreamError('geckoterminal', 'timeout', 'slow'))
    expect([upstream.status, upstream.code, upstream.error]).toEqual([502, 'upstream_unavailable', 'Upstream unavailable: source B'])
    expect(upstream.hint).toContain('source B (GeckoTerminal)')
    const busy = classifyError(new FairShareRefusal('geckoterminal', 11_200, '127.0.0.2'))
    expect([busy.status, busy.code, busy.headers]).toEqual([503, 'busy_for_this_client', { 'retry-after': '12' }])
  })
})

describe('the documented errors', () => {
  it('name registry errors, with the registry status and text, on every endpoint', () => {
    for (const doc of catalogue) {
      for (const error of doc.errors) {
        expect({ endpoint: doc.operationId, code: error.code, known: isErrorCode(error.code) }).toEqual({ endpoint: doc.operationId, code: error.code, known: true })
        const definition = ERRORS[error.code as ErrorCode]
        expect(error.status).toBe(definition.status)
        if (typeof definition.error === 'string') expect(error.error).toBe(definition.error)
      }
    }
  })

  it('word every parameter schema failure with a registry error (status 400)', () => {
    const params = catalogue.flatMap((doc) => doc.params.map((param) => ({ endpoint: doc.operationId, param })))
    for (const { endpoint, param } of params) {
      const body = schemaErrorBody((param.schema as { error?: unknown }).error)
      expect({ endpoint, param: param.name, worded: body !== null }).toEqual({ endpoint, param: param.name, worded: true })
      expect(ERRORS[body!.code as ErrorCode].status).toBe(400)
    }
  })

  it('are listed with their codes by GET /api/v1/', async () => {
    const svc = await startService()
    const { body } = await svc.json('/api/v1/').finally(() => svc.stop())
    const listed = (body.endpoints as Array<{ operationId: string; errors: unknown[] }>).map((e) => [e.operationId, e.errors])
    expect(listed).toEqual(catalogue.map((doc) => [doc.operationId, doc.errors]))
  })

  it('match the table of codes in the errors guide', () => {
    const table = errorCodeTable()
    expect(table.split('\n').length).toBe(Object.keys(ERRORS).length + 2)
    for (const file of ['docs/guide/errors.md']) {
      expect({ file, hasTable: readFileSync(join(ROOT, file), 'utf8').includes(table) }).toEqual({ file, hasTable: true })
    }
  })
})
