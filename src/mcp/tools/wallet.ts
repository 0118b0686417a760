import { walletDoc } from '../../modules/wallet/catalogue'
import { restTool } from '../tool'

export const getWallet = restTool({
  name: 'get_wallet',
  description:
    'Wallet overview for an addr1… payment address, a stake1… stake address or a $handle: ADA balance, rewards, pool, token holdings with USD values.',
  endpoint: walletDoc,
  // REST takes the handle URL-encoded (%24name) in the path; a tool argument is text, so both forms are read.
  toRest: (args) => ({ ...args, address: args.address.replace(/^%24/i, '$') }),
})
