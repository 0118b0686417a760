/**
 * The stream's topics, read from `?topics=` before anything opens: `screener`, `token:<unit>` (a curated token:
 * the stream carries what the screener refresh computes, and only curated tokens are in it), `trades:<unit>`
 * (any unit; the chain follower's trades), `pools:new` (pools the follower saw created) and `chain:tokens` (the
 * chain figures' rows that changed). Anything else is a 400 naming the bad entry and listing every topic.
 */
import { normaliseUnit } from '../../cardano/unit'
import { apiError } from '../../http/error-catalogue'

/** Topics one stream may carry (HTTP/1.1 browsers allow 6 connections per host: one stream multiplexes). */
export const MAX_TOPICS = 20

export type Topic = { kind: 'screener' } | { kind: 'token'; unit: string } | { kind: 'trades'; unit: string } | { kind: 'new-pools' } | { kind: 'chain-tokens' }

export const NEW_POOLS_TOPIC = 'pools:new'
export const CHAIN_TOKENS_TOPIC = 'chain:tokens'

/** Every topic, as the 400's hint and the docs list them. */
export const TOPIC_FORMS = ['screener', 'token:<unit>', 'trades:<unit>', NEW_POOLS_TOPIC, CHAIN_TOKENS_TOPIC] as const

export const topicName = (topic: Topic): string =>
  topic.kind === 'screener'
    ? 'screener'
    : topic.kind === 'new-pools'
      ? NEW_POOLS_TOPIC
      : topic.kind === 'chain-tokens'
        ? CHAIN_TOKENS_TOPIC
        : `${topic.kind}:${topic.unit}`

/**
 * The distinct topics of a `topics` value, in the order given. `isCurated` tells whether a unit is in the
 * screener (token topics need that). Throws `invalid_stream_topics` with the first problem found.
 */
export function parseTopics(raw: string | undefined, isCurated: (unit: string) => boolean): Topic[] {
  const fail = (detail: string) => apiError('invalid_stream_topics', { detail, max: MAX_TOPICS })
  const entries = (raw ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '')
  if (entries.length === 0) throw fail('topics is missing or empty.')
  const topics = new Map<string, Topic>()
  for (const entry of entries) {
    const topic = parseOne(entry, isCurated)
    if (typeof topic === 'string') throw fail(topic)
    topics.set(topicName(topic), topic)
  }
  if (topics.size > MAX_TOPICS) throw fail(`This stream asks for ${topics.size} topics.`)
  return [...topics.values()]
}

/** The topic, or the sentence saying what is wrong with it. */
function parseOne(entry: string, isCurated: (unit: string) => boolean): Topic | string {
  const shown = JSON.stringify(entry.slice(0, 80))
  if (entry === 'screener') return { kind: 'screener' }
  if (entry === NEW_POOLS_TOPIC) return { kind: 'new-pools' }
  if (entry === CHAIN_TOKENS_TOPIC) return { kind: 'chain-tokens' }
  const colon = entry.indexOf(':')
  const kind = colon < 0 ? entry : entry.slice(0, colon)
  if (kind !== 'token' && kind !== 'trades') return `${shown} is not a topic.`
  const unit = normaliseUnit(entry.slice(colon + 1))
  if (colon < 0 || unit === null) return `${shown} does not end in an asset unit.`
  if (kind === 'token' && !isCurated(unit)) return `${shown}: the stream carries token figures for curated tokens only.`
  return { kind, unit }
}
