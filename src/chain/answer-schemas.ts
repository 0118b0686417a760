/** Response schema parts every answer built from the chain records shares (trades, candles, pools, token detail). */
import { t } from 'elysia'
import { literals } from '../catalogue/literals'
import { DECIMALS_SOURCES } from './token-identity'

const DECIMALS_SOURCE_TEXT =
  'Where the decimals the prices are given with come from: `registry` (the curated list), `chain-registry` (the off-chain ' +
  'token registry, CIP-26, through the chain API), `cip68` (the token\'s CIP-68 reference datum), `unknown` (none yet: ' +
  'prices are then per base unit of the token, not per whole token)'

export const DecimalsSourceSchema = t.Union(literals(DECIMALS_SOURCES), { description: DECIMALS_SOURCE_TEXT, examples: ['registry'] })

/**
 * The same or null, as one flat union: a nullable enum would lose its null in the OpenAPI document (the OpenAPI
 * plugin turns `anyOf [enum, null]` into `type: [string, null]` with the enum alone).
 */
export const nullableDecimalsSource = (whenNull: string) =>
  t.Union([...literals(DECIMALS_SOURCES), t.Null()], { description: `${DECIMALS_SOURCE_TEXT}; null: ${whenNull}`, examples: ['registry'] })

export const ChainTokenSchema = t.Object(
  {
    unit: t.String({ description: 'Asset unit, lowercase' }),
    ticker: t.Union([t.String(), t.Null()], { description: 'From the registry or the chain API; null when unknown' }),
    name: t.Union([t.String(), t.Null()], { description: 'From the registry or the chain API; null when unknown' }),
    decimals: t.Union([t.Integer({ minimum: 0 }), t.Null()], { description: 'null when unknown' }),
    decimalsSource: DecimalsSourceSchema,
  },
  { title: 'ChainToken' },
)

const Span = t.Object({ fromHeight: t.Integer(), toHeight: t.Integer() }, { title: 'BlockSpan' })

/** Where the chain follower stands: GET /chain/tip's `follower` and /readyz's `chain` (chain/position.ts). */
export const FollowerPositionSchema = t.Object(
  {
    source: t.Union([t.Literal('koios'), t.Literal('ogmios')], { description: 'What the follower reads: the chain API (Koios, polled) or Ogmios (block by block)' }),
    status: t.Union([t.Literal('starting'), t.Literal('following'), t.Literal('behind'), t.Literal('degraded')], {
      description:
        '`following`: within 5 blocks of the tip last seen, nothing left unread; `behind`: catching up, or (Koios over its budget) the newest ' +
        'transactions were read first and older ones are not read yet (`unread`); `degraded`: the source does not answer (everything ' +
        'recorded is still served); `starting`: nothing processed yet',
    }),
    reason: t.Union([t.String(), t.Null()], { description: 'The status in words; null while following' }),
    processed: t.Union(
      [
        t.Object({
          blockHeight: t.Integer({ description: 'The last block processed: every answer built from the chain records is as of it (`asOf`)' }),
          blockHash: t.Union([t.String(), t.Null()]),
          time: t.Union([t.Integer(), t.Null()], { description: 'Its time, Unix seconds' }),
        }),
        t.Null(),
      ],
      { description: 'null before the follower processed anything' },
    ),
    tip: t.Union(
      [
        t.Object({
          blockHeight: t.Integer(),
          blockHash: t.String(),
          slot: t.Union([t.Integer(), t.Null()], { description: 'Absolute slot when the source gave it (Ogmios)' }),
          time: t.Integer({ description: 'Unix seconds' }),
          seenAt: t.Integer({ description: 'When the follower saw this tip, Unix seconds: Ogmios shows every block as it comes; Koios at each poll' }),
        }),
        t.Null(),
      ],
      { description: 'The chain tip as the follower last saw it; null before it saw one' },
    ),
    behind: t.Union([t.Object({ blocks: t.Integer({ minimum: 0 }), seconds: t.Union([t.Integer({ minimum: 0 }), t.Null()]) }), t.Null()], {
      description: 'How far the last processed block is below the tip last seen, in blocks and in block time',
    }),
    unread: t.Array(Span, { description: 'Block spans below the processed block not read yet, newest first (Koios over its call budget keeps the tip first)' }),
    backfill: t.Union([Span, t.Null()], { description: 'The first start’s history (CHAIN_BACKFILL_HOURS) still being read; null once read' }),
    degradedSince: t.Union([t.Integer(), t.Null()], { description: 'Since when the source has not answered, Unix seconds; null unless degraded' }),
  },
  { title: 'FollowerPosition' },
)
