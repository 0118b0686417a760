/** Request and response shapes of the community endpoints (spec 2.8, 2.9, 4.9–4.12); the service's types are derived from them. */
import { t, type Static } from 'elysia'
import { EVEN_HEX_RE } from './cip8'
import { COMMENT_MAX_CHARS } from './payload'

/** The latest comments shown per token. */
export const COMMENTS_SHOWN = 50

/**
 * A real signed example (a throwaway wallet's CIP-30 signData of the example payloads): the examples verify,
 * apart from the day/time, which has passed, and they match their own hex schemas.
 */
export const SAMPLE_STAKE = 'stake1uy4fw6wptettq9709wthctxfqqsej5qrq0kyxx8svfef6vslfapgj'
export const SAMPLE_REWARD_HEX = 'e12a9769c15e56b017cf2b977c2cc9002199500303ec4318f062729d32'
export const SAMPLE_KEY = 'a5010102581de12a9769c15e56b017cf2b977c2cc9002199500303ec4318f062729d3203272006215820681724a1c9c424201673aaa9807f933bec55ca08998824ab884ea388441ab0a3'
export const SAMPLE_BOOST_SIGNATURE =
  '84584aa3012704581de12a9769c15e56b017cf2b977c2cc9002199500303ec4318f062729d326761646472657373581de12a9769c15e56b017cf2b977c2cc9002199500303ec4318f062729d32a166686173686564f4586f7b22616374696f6e223a22626f6f7374222c22756e6974223a2232373963393039663334386535333364613538303838393866383766396131346262326333646662626163636364363331643932376133663533346534353462222c22646179223a22323032362d30312d3331227d5840762a2361ff23a03d613e81e3c0c810a2efaeba46ca21157f1f51907bf47e5d9a000f3d30d63fb2dc5dc78a639011978e2bbba05347737d887f275f43ea803d09'
export const SAMPLE_COMMENT_SIGNATURE =
  '84584aa3012704581de12a9769c15e56b017cf2b977c2cc9002199500303ec4318f062729d326761646472657373581de12a9769c15e56b017cf2b977c2cc9002199500303ec4318f062729d32a166686173686564f4588a7b22616374696f6e223a22636f6d6d656e74222c22756e6974223a2232373963393039663334386535333364613538303838393866383766396131346262326333646662626163636364363331643932376133663533346534353462222c22626f6479223a22676d222c227473223a22323032362d30312d33315431323a30303a30302e3030305a227d584008194a0888851da5ec81605812d365cdf608a4a4086f8d698e6a5afe8a32d2d062f5e84622936b781d0b1ecb708efd514692d1a83e2d7b00481ab8fd03e6570f'

export const BoostSummarySchema = t.Object(
  {
    unit: t.String({ description: 'The asset unit, lowercase' }),
    boosts24h: t.Integer({ minimum: 0, description: 'Boosts in the last 24 hours (rolling)' }),
    boosts7d: t.Integer({ minimum: 0, description: 'Boosts in the last 7 days (rolling)' }),
    boostsToday: t.Integer({ minimum: 0, description: 'Boosts on the current UTC day' }),
  },
  { title: 'BoostSummary' },
)

export const BoostSummariesResponse = t.Object(
  { summaries: t.Array(BoostSummarySchema, { description: 'One per requested unit, in the order asked' }) },
  { title: 'BoostSummaries' },
)

export const BoostReceiptResponse = t.Object(
  {
    ok: t.Literal(true),
    stakeAddress: t.String({ description: 'The stake address that boosted (bech32 stake1…)' }),
    unit: t.String({ description: 'The boosted asset unit, lowercase' }),
  },
  { title: 'BoostReceipt' },
)

export const CommentSchema = t.Object(
  {
    id: t.Integer({ description: 'Grows with every comment saved' }),
    stakeAddress: t.String({ description: 'Full stake address of the writer (public on-chain data)' }),
    stakeShort: t.String({ description: 'Display form: the first 9 and last 4 characters around an ellipsis (stake1u9x…k4f2)' }),
    body: t.String({ description: `1 to ${COMMENT_MAX_CHARS} characters, as signed, in Unicode NFC (plain text: no HTML processing; escape it when rendering)` }),
    createdAt: t.String({ description: 'When it was saved (server time), ISO 8601 UTC' }),
  },
  { title: 'Comment' },
)

export const CommentListResponse = t.Object(
  {
    unit: t.String({ description: 'The asset unit, lowercase' }),
    count: t.Integer({ minimum: 0, maximum: COMMENTS_SHOWN, description: 'Number of comments returned' }),
    comments: t.Array(CommentSchema, { description: `The latest ${COMMENTS_SHOWN}, newest first` }),
  },
  { title: 'CommentList' },
)

const hex = (description: string, pattern: string, example: string) => t.String({ description, pattern, examples: [example] })

export const SignedWriteBody = t.Object(
  {
    payload: t.String({ description: 'The exact JSON string that was signed; verified byte for byte' }),
    signature: hex('COSE_Sign1 CBOR hex, as returned by CIP-30 signData', EVEN_HEX_RE.source, SAMPLE_BOOST_SIGNATURE),
    key: hex('COSE_Key CBOR hex, as returned by CIP-30 signData', EVEN_HEX_RE.source, SAMPLE_KEY),
    rewardAddressHex: hex('29-byte mainnet reward address: e1 followed by 56 hex characters', '^[eE]1[0-9a-fA-F]{56}$', SAMPLE_REWARD_HEX),
  },
  { title: 'SignedWrite' },
)

export type BoostSummaries = Static<typeof BoostSummariesResponse>
export type BoostReceipt = Static<typeof BoostReceiptResponse>
export type Comment = Static<typeof CommentSchema>
export type CommentList = Static<typeof CommentListResponse>
/** The body of both community POSTs: what a CIP-30 wallet's `signData` returned, plus what was signed. */
export type SignedWrite = Static<typeof SignedWriteBody>
