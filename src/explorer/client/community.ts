import { apiGet, apiPost } from './api'
import { boostRule } from './boost-rule'
import { el, fill, section, statusLine } from './dom'
import { connectControl } from './wallet/connect-ui'
import { writeOutcomeText } from './wallet/outcome'
import { boostPayload, commentPayload } from './wallet/payloads'
import { connectedWallet, sign } from './wallet/session'

/** The server's limit (src/modules/community/payload.ts COMMENT_MAX_CHARS), in Unicode code points. */
const COMMENT_MAX = 500

interface BoostSummary { unit: string; boostsToday: number; boosts24h: number; boosts7d: number }
interface Comment { id: number; stakeShort: string; stakeAddress: string; body: string; createdAt: string }

/**
 * The token page's community part: today's boost count with "Boost", the comments with "Comment" and
 * "Post comment", and the wallet connection both use. Every write is signed by the wallet, then posted as the
 * four fields; every answer is said in words.
 */
export function communitySection(unit: string): HTMLElement {
  const count = el('strong', { id: 'boost-count' }, '…')
  const boostButton = el('button', { type: 'button', class: 'primary' }, 'Boost')
  const boostStatus = statusLine('boost-status')
  const resignBoost = el('button', { type: 'button', hidden: true }, 'Sign again')

  const list = el('ol', { id: 'comment-list', class: 'comments', 'aria-label': 'Comments' })
  // No maxlength: it counts UTF-16 units, the server counts code points (an emoji is one); checked before signing.
  const textbox = el('textarea', { id: 'comment-body', 'aria-label': 'Comment', rows: 3, placeholder: `Say something about this token (plain text, ${COMMENT_MAX} characters at most)` })
  const postButton = el('button', { type: 'button', class: 'primary' }, 'Post comment')
  const commentStatus = statusLine('comment-status')
  const resignComment = el('button', { type: 'button', hidden: true }, 'Sign again')

  async function loadBoosts() {
    const res = await apiGet<{ summaries: BoostSummary[] }>(`/community/boosts?units=${unit}`, true)
    if (res.ok) count.textContent = String(res.body.summaries[0]?.boostsToday ?? 0)
    else count.textContent = '—'
    if (!res.ok) boostStatus.textContent = `Boost counts are unavailable: ${res.error.hint}`
  }

  async function loadComments() {
    const res = await apiGet<{ comments: Comment[] }>(`/community/comments/${unit}`, true)
    if (!res.ok) {
      fill(list, el('li', { class: 'muted' }, `Comments are unavailable: ${res.error.hint}`))
      return
    }
    if (res.body.comments.length === 0) {
      fill(list, el('li', { class: 'muted' }, 'No comments yet.'))
      return
    }
    fill(list, ...res.body.comments.map((c) =>
      el('li', { class: 'comment' },
        el('p', { class: 'comment-meta' }, el('a', { href: `/wallet/${c.stakeAddress}`, title: c.stakeAddress }, c.stakeShort), ' · ',
          el('time', { datetime: c.createdAt }, c.createdAt.replace('T', ' ').slice(0, 16) + ' UTC')),
        // The body as text: whatever it holds is never parsed as HTML.
        el('p', { class: 'comment-body' }, c.body)),
    ))
  }

  /** Sign, post, and say what happened; true when the write was saved. */
  async function write(payload: string, path: string, status: HTMLElement, resign: HTMLElement, saved: (code: number) => string): Promise<boolean> {
    resign.hidden = true
    if (connectedWallet() === null) {
      status.textContent = 'Connect a wallet first (the "Connect wallet" button above): your wallet signs the request.'
      return false
    }
    status.textContent = 'Waiting for your wallet to sign…'
    const signed = await sign(payload)
    if (!signed.ok) {
      status.textContent = signed.message
      return false
    }
    status.textContent = 'Sending…'
    const res = await apiPost<unknown>(path, signed.value)
    if (res.ok) {
      status.textContent = saved(res.status)
      return true
    }
    const outcome = writeOutcomeText(res.status, res.error)
    status.textContent = outcome.text
    resign.hidden = !outcome.resign
    return false
  }

  const boost = async () => {
    boostButton.disabled = true
    const ok = await write(boostPayload(unit), '/community/boosts', boostStatus, resignBoost, () =>
      'Boosted. Your boost counts for today (UTC); the next one is possible after 00:00 UTC.')
    boostButton.disabled = false
    if (ok) await loadBoosts()
  }

  const post = async () => {
    const body = textbox.value
    if (body.trim() === '') {
      commentStatus.textContent = 'Write a comment first.'
      return
    }
    const length = [...body].length
    if (length > COMMENT_MAX) {
      commentStatus.textContent = `Comments are at most ${COMMENT_MAX} characters; this one has ${length}. Nothing was signed.`
      return
    }
    postButton.disabled = true
    const ok = await write(commentPayload(unit, body), `/community/comments/${unit}`, commentStatus, resignComment, (code) =>
      code === 200 ? 'This comment was already posted; it is shown below.' : 'Comment posted.')
    postButton.disabled = false
    if (ok) {
      textbox.value = ''
      await loadComments()
    }
  }

  boostButton.addEventListener('click', boost)
  resignBoost.addEventListener('click', boost)
  postButton.addEventListener('click', post)
  resignComment.addEventListener('click', post)

  void loadBoosts()
  void loadComments()

  return section('community', 'Community',
    connectControl(() => {}),
    el('div', { class: 'boost' },
      el('p', {}, 'Boosts today: ', count, el('span', { class: 'muted', id: 'boost-rule' }, ` (${boostRule(Number(document.body.dataset.minAda ?? 0))}; on any token)`)),
      boostButton, resignBoost, boostStatus),
    el('h3', {}, 'Comments'),
    el('div', { class: 'comment-form' }, textbox, postButton, resignComment, commentStatus),
    list,
  )
}
