import { walletDoc } from '../../modules/wallet/catalogue'
import { parseWalletInput } from '../../modules/wallet/input'
import { defineTool, inputFromParams } from '../tool'

export const getWallet = defineTool({
  name: 'get_wallet',
  description:
    'Wallet overview for an addr1… payment address, a stake1… stake address or a $handle: ADA balance, rewards, pool, token holdings with USD values.',
  input: inputFromParams(walletDoc.params),
  output: walletDoc.response,
  call(context, args) {
    // REST takes the handle URL-encoded (%24name) in the path; a tool argument is text, so both forms are read.
    const address = args.address.replace(/^%24/i, '$')
    return context.services.wallet.overview(parseWalletInput(address))
  },
})
