import { t } from 'elysia'
import { endpoint } from '../../catalogue/types'
import { SNEK_UNIT } from '../../http/asset-input'
import { apiError, errorDoc } from '../../http/error-catalogue'
import { invalid } from '../../http/errors'
import { STREAM_DEFAULTS } from './hub'
import { MAX_TOPICS, TOPIC_FORMS } from './topics'

export const StreamResponse = t.String({
  description:
    'text/event-stream: `retry:`, one `event: snapshot` per topic, then `event: screener`, `event: token`, `event: trade`, ' +
    '`event: pool`, `event: chain-tokens` (and `event: reset`), every one with an `id:` and one `data:` line of JSON; `: hb` comment lines as heartbeats',
})

export const streamDoc = endpoint({
  operationId: 'getStream',
  method: 'GET',
  path: '/stream',
  tag: 'Stream',
  summary: 'Live stream: screener changes, token changes, trades, new pools and chain figures pushed over Server-Sent Events',
  description:
    'One long-lived `text/event-stream` answer carrying the topics asked for. It costs no upstream call: its events come from the ' +
    "service's own refreshes (the screener's core refresh, and any screener build), pushed once when figures change, so they are " +
    'never fresher than those refreshes.\n\n' +
    'Topics: `screener` (every curated token), `token:<unit>` (one curated token: its screener row), `trades:<unit>` (its trades, ' +
    'the REST rows of /tokens/{asset}/trades as the chain follower records them; a rollback sends `event: reset` for the topic; ' +
    'without the follower the topic is accepted and its snapshot says `recorded: false`), `pools:new` (pools the chain ' +
    'follower saw created: the REST rows of /pools/new, `event: pool` with `pools`; its snapshot gives the newest 20), ' +
    '`chain:tokens` (the chain figures: `event: chain-tokens` after each block batch the follower records, at most once a batch, ' +
    'with `changed`, the GET /chain/tokens rows of the tokens whose figures changed, `removed`, the units not or no longer listed, ' +
    'and `asOf`; its snapshot is the first page of GET /chain/tokens). ' +
    `At most ${MAX_TOPICS} topics per stream, comma-separated.\n\n` +
    'On connect: `retry:` then one `event: snapshot` per topic (`data`: `topic` and the same fields as the REST answer: the screener body, ' +
    'or `token`: the token\'s screener row). Then deltas: `event: screener` (`changed`: the rows that changed at that refresh, `removed`: ' +
    'units gone), `event: token` (`token`: the new row), `event: trade` (`trades`), `event: pool` (`pools`), `event: chain-tokens` ' +
    '(`changed`, `removed`, `asOf`). Every event carries `updatedAt` and `sourcesAsOf` ' +
    '(the refresh time and the upstream read times behind it) or `recordedAt` for the chain\'s, and has an `id:`. A reconnect sending ' +
    '`Last-Event-ID` gets the events it missed when the service still holds them ' +
    `(the last ${STREAM_DEFAULTS.ringEvents} events) and they come to no more than \`STREAM_MAX_BACKLOG_KB\` on its topics, ` +
    'else `event: reset` and fresh snapshots. ' +
    `A comment line \`: hb\` every ${STREAM_DEFAULTS.heartbeatMs / 1000} s keeps proxies and idle timers from closing a quiet stream.\n\n` +
    'Headers: `Cache-Control: no-cache, no-transform`, `X-Accel-Buffering: no`; never cached, never compressed. Limits: open streams per ' +
    'client address (`STREAM_MAX_PER_CLIENT`, default 10) and per instance (`STREAM_MAX_STREAMS`, default 10,000), `429` with `Retry-After` ' +
    'beyond; a client that leaves more than `STREAM_MAX_BACKLOG_KB` (default 1024) unread is dropped (its EventSource reconnects and ' +
    'resumes). Behind several instances sharing `REDIS_URL`, every instance streams every change.',
  params: [
    {
      name: 'topics',
      in: 'query',
      required: true,
      description: `Comma-separated topics (1 to ${MAX_TOPICS}): ${TOPIC_FORMS.join(', ')}`,
      schema: t.String({
        examples: [`screener,token:${SNEK_UNIT}`],
        error: invalid(apiError('invalid_stream_topics', { detail: 'topics is missing or empty.', max: MAX_TOPICS })),
      }),
    },
  ],
  cacheSeconds: null,
  cacheNote: 'never cached: a live stream',
  examples: [`/stream?topics=screener`, `/stream?topics=token:${SNEK_UNIT},trades:${SNEK_UNIT}`, `/stream?topics=pools:new`, `/stream?topics=chain:tokens`],
  errors: [
    errorDoc('invalid_stream_topics', 'topics is missing, names an unknown topic or a token outside the curated list, or lists too many', {
      detail: 'prices is not a topic.',
      max: MAX_TOPICS,
    }),
    errorDoc('too_many_streams_for_client', 'This address already holds the most open streams allowed', { max: 10, retryAfterSeconds: 30 }),
    errorDoc('too_many_streams', 'This instance holds the most open streams it allows', { retryAfterSeconds: 30 }),
  ],
  response: StreamResponse,
  successMediaTypes: ['text/event-stream'],
})
