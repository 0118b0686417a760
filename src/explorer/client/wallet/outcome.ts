import type { ApiErrorBody } from '../api'

/**
 * Every answer of a community write in words. The server's hint is shown as it is (it names the stake
 * address, the wait, the reason); `resign` marks the answers a fresh signature can fix.
 */
export function writeOutcomeText(status: number, error: ApiErrorBody): { text: string; resign: boolean } {
  switch (error.code) {
    case 'already_boosted_today':
      return { text: `Already boosted today. ${error.hint}`, resign: false }
    case 'daily_comment_limit_reached':
      return { text: `Daily comment limit reached. ${error.hint}`, resign: false }
    case 'writer_not_eligible':
      return { text: `This wallet cannot boost or comment here yet. ${error.hint}`, resign: false }
    case 'stale_signed_payload':
      return { text: `The signature is out of date: ${error.hint} Press "Sign again" to sign a fresh one.`, resign: true }
    case 'signature_verification_failed':
      return { text: `The server refused the signature: ${error.hint}`, resign: false }
    case 'database_not_configured':
      return { text: `Boosts and comments are off on this server. ${error.hint}`, resign: false }
    case 'database_busy':
      return { text: `The community database is busy: nothing was saved. ${error.hint}`, resign: false }
  }
  if (status === 401) return { text: `The server refused the signature: ${error.hint}`, resign: false }
  if (status === 503) return { text: `Boosts and comments are unavailable right now. ${error.hint}`, resign: false }
  return { text: `${error.error}. ${error.hint}`, resign: false }
}
