import { endpoint } from '../../catalogue/types'
import { documented, errorDoc } from '../../http/error-catalogue'
import { ECOSYSTEM_SIZE, MarketResponse } from './schemas'
import { INVALID_DAYS, INVALID_ECOSYSTEM, marketParams, MAX_DAYS, MIN_DAYS } from './request'

export const marketDoc = endpoint({
  operationId: 'getMarket',
  method: 'GET',
  path: '/market',
  tag: 'Market',
  summary: 'ADA market statistics: snapshot, USD price series and optional ecosystem list',
  description:
    'ADA price, 24 h change, market cap and volume, and a USD price series over `days` (default 1), from the ' +
    'market provider. Granularity follows the window: 1 day gives 5-minute points, 2–90 days hourly, more ' +
    `daily. With \`ecosystem=1\`, the top ${ECOSYSTEM_SIZE} tokens of the provider’s cardano-ecosystem ` +
    'category by market cap; the category contains ADA itself, which is left out of the list (it is the `ada` ' +
    'block). These are market-provider figures (CEX and DEX venues): a different universe from the DEX ' +
    'aggregates of /tokens, never mixed with them. Every `days` is sliced from one of three windows read from the ' +
    'provider (1, 90 and 365 days), so any `days` costs no more than those three reads. The snapshot, each window ' +
    'and the ecosystem list are cached separately; the wallet overview values ADA with this same snapshot.',
  params: marketParams,
  cacheSeconds: 90,
  cacheNote: 'snapshot, the three series windows and the ecosystem list cached separately',
  examples: ['/market', '/market?days=7', '/market?days=30&ecosystem=1'],
  errors: [
    documented(INVALID_DAYS, `days is not an integer from ${MIN_DAYS} to ${MAX_DAYS}`),
    documented(INVALID_ECOSYSTEM, 'ecosystem is anything but 1'),
    errorDoc('upstream_unavailable', 'The market provider failed and no cached copy exists', { upstream: 'coingecko', failure: 'network' }),
  ],
  response: MarketResponse,
  responseExample: {
    ada: { priceUsd: 0.650012, change24h: 1.93, marketCap: 23492814467, volume24h: 612345678 },
    days: 1,
    series: [
      [1751716804217, 0.63811],
      [1751803203000, 0.650012],
    ],
    ecosystem: [
      { id: 'iagon', unit: '5d16cc1a177b5d9ba9cfa9793b07e60f1fb70fea1f8aef064415d114494147', symbol: 'iag', name: 'Iagon', priceUsd: 0.2811, change24h: -1.12, marketCap: 103441120, volume24h: 1203311 },
      { id: 'snek', unit: '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b', symbol: 'snek', name: 'Snek', priceUsd: 0.00134612, change24h: 2.41, marketCap: 103262110, volume24h: 2110335 },
    ],
  },
})
