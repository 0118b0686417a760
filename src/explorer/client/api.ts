/** Reads of this service's public API from the page. Same origin, so no CORS and no key. */
export const API = '/api/v1'

export interface ApiErrorBody {
  code: string
  error: string
  hint: string
}

/** `retryAfter`: the refusal's Retry-After in seconds, when it said one (a 503 refusal, a 429). */
export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: ApiErrorBody; retryAfter: number | null }

const NETWORK_ERROR: ApiErrorBody = { code: 'network', error: 'No answer', hint: 'The service did not answer; check the connection and reload.' }

function asErrorBody(value: unknown, status: number): ApiErrorBody {
  const v = value as Partial<ApiErrorBody> | null
  if (v && typeof v.code === 'string' && typeof v.error === 'string' && typeof v.hint === 'string') return { code: v.code, error: v.error, hint: v.hint }
  return { code: `http_${status}`, error: `HTTP ${status}`, hint: 'The service answered without an explanation.' }
}

export async function apiRequest<T>(path: string, init?: RequestInit): Promise<ApiResult<T>> {
  let res: Response
  try {
    res = await fetch(API + path, init)
  } catch {
    return { ok: false, status: 0, error: NETWORK_ERROR, retryAfter: null }
  }
  let body: unknown = null
  try {
    body = await res.json()
  } catch {
    // A body that is not JSON is described by its status.
  }
  if (res.ok) return { ok: true, status: res.status, body: body as T }
  const retryAfter = Number(res.headers.get('retry-after'))
  return { ok: false, status: res.status, error: asErrorBody(body, res.status), retryAfter: retryAfter > 0 ? retryAfter : null }
}

/** `fresh`: revalidate with the server (ETag) rather than trust the browser's copy, as after a write. */
export const apiGet = <T>(path: string, fresh = false) => apiRequest<T>(path, fresh ? { cache: 'no-cache' } : undefined)

export function apiPost<T>(path: string, body: unknown): Promise<ApiResult<T>> {
  return apiRequest<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}
