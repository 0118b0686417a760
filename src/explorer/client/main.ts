import { allTokensPage } from './all-tokens-page'
import { newPoolsPage } from './new-pools-page'
import { poolPage } from './pool-page'
import { screenerPage } from './screener'
import { searchBox } from './search-box'
import { searchPage } from './search-page'
import { tokenPage } from './token-page'
import { walletPage } from './wallet-page'

/** The page script: the shell's `data-page` says which page; the unit, pool or wallet comes from the URL path. */
const page = document.body.dataset.page
const last = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '')

searchBox()
if (page === 'screener') screenerPage()
else if (page === 'tokens') void allTokensPage()
else if (page === 'token') void tokenPage(last)
else if (page === 'wallet') void walletPage(last)
else if (page === 'pools') void newPoolsPage()
else if (page === 'pool') void poolPage(last)
else if (page === 'search') void searchPage()
