/**
 * Errors as typed values. Services throw ApiError (or UpstreamError, see upstream/errors.ts);
 * the one error handler in http/error-handler.ts turns them into `{error, hint}` JSON with the status.
 */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    readonly error: string,
    readonly hint?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(error)
  }

  toBody(): { error: string; hint?: string } {
    return this.hint === undefined ? { error: this.error } : { error: this.error, hint: this.hint }
  }
}

export const notFound = (error: string, hint: string) => new ApiError(404, error, hint)

/**
 * The `error` option of a request schema: a failing value is answered 400 with exactly this error and hint
 * (see error-handler.ts). Elysia passes any value through at runtime; its types only name strings and
 * callbacks, hence the cast.
 */
export const invalid = (error: string, hint: string) => ({ error, hint }) as unknown as string
