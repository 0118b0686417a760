/**
 * Errors as typed values. Services throw ApiError (built by name from the registry in error-catalogue.ts, or
 * UpstreamError, see upstream/errors.ts); classify-error.ts turns anything thrown into one, and the REST error
 * handler and the MCP tools answer it as `{code, error, hint}` with its status.
 */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    /** Stable snake_case identifier of the error (the registry's key). */
    readonly code: string,
    readonly error: string,
    readonly hint: string,
    readonly headers?: Record<string, string>,
  ) {
    super(error)
  }

  toBody(): ErrorBody {
    return { code: this.code, error: this.error, hint: this.hint }
  }
}

export interface ErrorBody {
  code: string
  error: string
  hint: string
}

/**
 * The `error` option of a request schema: a failing value is answered 400 with exactly this error's body
 * (see error-handler.ts and mcp/arguments.ts). Elysia passes any value through at runtime; its types only name
 * strings and callbacks, hence the cast.
 */
export const invalid = (error: ApiError) => error.toBody() as unknown as string

/** The body a schema's `error` option carries, when it carries one. */
export function schemaErrorBody(option: unknown): ErrorBody | null {
  if (typeof option !== 'object' || option === null) return null
  const { code, error, hint } = option as Partial<ErrorBody>
  return typeof code === 'string' && typeof error === 'string' && typeof hint === 'string' ? { code, error, hint } : null
}
