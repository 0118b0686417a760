import { screenerPage } from './screener'
import { tokenPage } from './token-page'
import { walletPage } from './wallet-page'
import { newPoolsPage } from './new-pools-page'

/** The page script: the shell's `data-page` says which page; the unit or wallet comes from the URL path. */
const page = document.body.dataset.page
const last = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '')

if (page === 'screener') screenerPage()
else if (page === 'token') void tokenPage(last.toLowerCase())
else if (page === 'wallet') void walletPage(last)
else if (page === 'pools') void newPoolsPage()
