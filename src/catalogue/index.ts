import { marketDoc } from '../modules/ada-market/catalogue'
import { communityDocs } from '../modules/community/catalogue'
import { ohlcvDoc } from '../modules/charts/catalogue'
import { historyDocs } from '../modules/history/catalogue'
import { logoDoc } from '../modules/logos/catalogue'
import { indexDoc } from '../modules/meta/catalogue'
import { tokenDocs } from '../modules/tokens/catalogue'
import { tradesDoc } from '../modules/trades/catalogue'
import { poolDocs } from '../modules/pools/catalogue'
import { safetyDoc } from '../modules/safety/catalogue'
import { priceDocs } from '../modules/prices/catalogue'
import { walletDoc } from '../modules/wallet/catalogue'
import { chainTipDoc } from '../modules/chain-tip/catalogue'
import { chainTokensDoc } from '../modules/chain-tokens/catalogue'
import { streamDoc } from '../modules/stream/catalogue'
import type { EndpointDoc } from './types'

/** Every public endpoint, in the order the index and the docs list them. Each module contributes its entries. */
export const catalogue: EndpointDoc[] = [indexDoc, ...tokenDocs, ohlcvDoc, tradesDoc, safetyDoc, ...poolDocs, ...priceDocs, logoDoc, walletDoc, marketDoc, ...historyDocs, ...communityDocs, chainTipDoc, chainTokensDoc, streamDoc]

