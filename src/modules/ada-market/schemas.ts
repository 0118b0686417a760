/** Response shapes of GET /market; the service's and the ecosystem list's types are derived from them. */
import { t, type Static } from 'elysia'
import { ECOSYSTEM_ROWS } from '../../upstream/coingecko'

/** The provider is asked for one more row than the list holds, so leaving ADA out still leaves this many. */
export const ECOSYSTEM_SIZE = ECOSYSTEM_ROWS - 1

const figure = (description: string) => t.Union([t.Number(), t.Null()], { description })

export const EcosystemTokenSchema = t.Object(
  {
    id: t.String({ description: 'Market provider coin id', examples: ['snek'] }),
    unit: t.Union([t.String({ pattern: '^[0-9a-f]{56,120}$' }), t.Null()], {
      description:
        "The curated registry's asset unit for this coin (joins /tokens `address`): same ticker and agreeing name. " +
        'null when the registry does not know the token (the provider names no policy id, so nothing else is guessed).',
      examples: ['279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'],
    }),
    symbol: t.String({ description: 'Symbol as the provider writes it (lowercase)', examples: ['snek'] }),
    name: t.String({ examples: ['Snek'] }),
    priceUsd: figure('USD price'),
    change24h: figure('Percent change over 24 h'),
    marketCap: figure('USD market cap'),
    volume24h: figure('USD volume over 24 h across the provider’s CEX and DEX venues'),
  },
  { title: 'EcosystemToken' },
)

export const AdaSnapshotSchema = t.Object(
  {
    priceUsd: t.Number({ description: 'ADA in USD' }),
    change24h: figure('Percent change over 24 h'),
    marketCap: figure('USD market cap'),
    volume24h: figure('USD volume over 24 h across the provider’s CEX and DEX venues'),
  },
  { description: 'ADA snapshot from the market provider' },
)

export const MarketResponse = t.Object(
  {
    ada: AdaSnapshotSchema,
    days: t.Integer({ description: 'The series window in days, as asked (default 1)' }),
    series: t.Array(t.Tuple([t.Number(), t.Number()]), {
      description: '[unix milliseconds, USD] pairs, oldest first; the last point is "now"',
    }),
    ecosystem: t.Optional(
      t.Array(EcosystemTokenSchema, {
        description: `Only with ecosystem=1: the top ${ECOSYSTEM_SIZE} of the provider’s cardano-ecosystem category by market cap, ADA itself left out`,
      }),
    ),
  },
  { title: 'Market' },
)

export type EcosystemToken = Static<typeof EcosystemTokenSchema>
export type AdaSnapshot = Static<typeof AdaSnapshotSchema>
export type MarketOverview = Static<typeof MarketResponse>
