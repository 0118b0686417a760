import { normaliseUnit, UNIT_HINT } from '../../cardano/unit'
import { apiError } from '../../http/error-catalogue'
import { duplicateKey } from './strict-json'
import { utcDay } from './utc-day'

/**
 * What a verified payload means. Only called after the signature verified, so these 400s are about a payload
 * the wallet really signed: malformed, for another action or unit, or too old (a captured signature expires on
 * its own: boosts carry today's UTC day, comments a timestamp within 5 minutes of server time).
 * Keys beyond the documented ones are ignored; a key named twice is refused (what the signer saw may not be
 * what is read). A comment's text is kept in NFC, must show something, and may not reorder itself on screen.
 */

export interface BoostPayload {
  action: 'boost'
  /** Lowercase asset unit. */
  unit: string
  /** YYYY-MM-DD, today in UTC. */
  day: string
}

export interface CommentPayload {
  action: 'comment'
  unit: string
  /** As signed, in Unicode normalisation form NFC. */
  body: string
  /** The signed timestamp, ISO 8601. */
  ts: string
}

export const COMMENT_MAX_CHARS = 500
/** How far a comment's signed timestamp may be from server time, either way. */
export const TS_WINDOW_MS = 5 * 60 * 1000

const BOOST_SHAPE = 'payload must be the signed JSON string {"action":"boost","unit":"<asset unit>","day":"YYYY-MM-DD"}.'
const COMMENT_SHAPE =
  'payload must be the signed JSON string {"action":"comment","unit":"<asset unit>","body":"<1 to 500 characters>","ts":"<ISO 8601 time>"}.'
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/
/** Date and time with seconds optional, fraction optional, and a zone (Z or ±hh:mm) required. */
const ISO_TS_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i

const invalidPayload = (detail: string) => apiError('invalid_signed_payload', { detail })

/** Nothing a reader would see: whitespace and default-ignorable code points (zero-width characters, bidi marks, fillers). */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]*$/u
/**
 * Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make text display in another order
 * than it is stored (a name or an address reversed on screen), which plain comments never need.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u

export function parseBoostPayload(payload: string, nowMs: number): BoostPayload {
  const fields = readObject(payload, BOOST_SHAPE)
  if (fields.action !== 'boost') throw invalidPayload(`action must be "boost" on this endpoint. ${BOOST_SHAPE}`)
  const unit = readUnit(fields.unit)
  if (typeof fields.day !== 'string' || !DAY_RE.test(fields.day)) {
    throw invalidPayload(`day must be a UTC date written YYYY-MM-DD. ${BOOST_SHAPE}`)
  }
  const today = utcDay(nowMs)
  if (fields.day !== today) {
    throw apiError('stale_signed_payload', {
      detail: `day must be today in UTC (${today}); this payload was signed for ${fields.day}. Sign a new boost with today's date and retry.`,
    })
  }
  return { action: 'boost', unit, day: fields.day }
}

export function parseCommentPayload(payload: string, urlUnit: string, nowMs: number): CommentPayload {
  const fields = readObject(payload, COMMENT_SHAPE)
  if (fields.action !== 'comment') throw invalidPayload(`action must be "comment" on this endpoint. ${COMMENT_SHAPE}`)
  const unit = readUnit(fields.unit)
  const ts = fields.ts
  const signedAt = typeof ts === 'string' && ISO_TS_RE.test(ts) ? Date.parse(ts) : Number.NaN
  if (Number.isNaN(signedAt)) {
    throw invalidPayload(`ts must be an ISO 8601 time with a zone, such as ${new Date(nowMs).toISOString()}. ${COMMENT_SHAPE}`)
  }
  if (Math.abs(signedAt - nowMs) > TS_WINDOW_MS) {
    throw apiError('stale_signed_payload', {
      detail:
        `ts must be within 5 minutes of server time (now ${new Date(nowMs).toISOString()}); this payload says ${ts}. ` +
        'Sign the comment again with the current time and retry (check the device clock if this repeats).',
    })
  }
  if (unit !== urlUnit.toLowerCase()) {
    throw apiError('payload_url_mismatch', { signedUnit: unit, urlUnit: urlUnit.toLowerCase() })
  }
  if (typeof fields.body !== 'string') throw invalidPayload(`body must be a string of 1 to ${COMMENT_MAX_CHARS} characters. ${COMMENT_SHAPE}`)
  return { action: 'comment', unit, body: commentText(fields.body), ts: ts as string }
}

/**
 * The comment text to store: NFC (one spelling per text, so equal-looking comments are equal), 1 to 500 code
 * points, something visible, no bidi controls. 400 otherwise.
 */
function commentText(signed: string): string {
  // Lone surrogates cannot be stored as UTF-8 and would come back changed.
  if (!signed.isWellFormed()) throw invalidPayload('body contains an unpaired UTF-16 surrogate: send valid Unicode text.')
  const body = signed.normalize('NFC')
  const length = codePoints(body)
  if (length === 0 || length > COMMENT_MAX_CHARS || INVISIBLE_ONLY.test(body)) {
    throw invalidPayload(
      `body must be 1 to ${COMMENT_MAX_CHARS} characters (Unicode code points) and show something: not only whitespace or ` +
        `invisible characters (zero-width, bidi marks); this one has ${length}.`,
    )
  }
  const bidi = BIDI_CONTROL.exec(body)
  if (bidi !== null) {
    const code = bidi[0].codePointAt(0)!.toString(16).toUpperCase()
    throw invalidPayload(
      `body contains U+${code}, a bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069), which makes text ` +
        'display in another order than it is written. Remove it and sign again.',
    )
  }
  return body
}

/** Unicode code points, so an emoji counts once whatever its UTF-16 length. */
export function codePoints(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

function readObject(payload: string, shape: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(payload)
  } catch {
    throw invalidPayload(`payload is not JSON. ${shape}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidPayload(`payload is not a JSON object. ${shape}`)
  const repeated = duplicateKey(payload)
  if (repeated !== null) throw apiError('duplicate_payload_key', { key: repeated.slice(0, 100) })
  return value as Record<string, unknown>
}

function readUnit(value: unknown): string {
  const unit = typeof value === 'string' ? normaliseUnit(value) : null
  if (unit === null) throw invalidPayload(`unit is not an asset unit. ${UNIT_HINT}`)
  return unit
}
