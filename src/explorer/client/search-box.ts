import { normaliseUnit } from '../../cardano/unit'
import type { SearchBody } from '../../modules/tokens/schemas'
import { apiGet } from './api'
import { el, fill } from './dom'

/** Suggestions wait for a pause in typing this long, and for this many characters: each query is one search call. */
const PAUSE_MS = 300
const MIN_CHARS = 2
const SUGGESTIONS = 8

/** Where a search goes: a full unit straight to its token page, anything else to the search page. */
export function searchTarget(query: string): string {
  const q = query.trim()
  const unit = normaliseUnit(q)
  return unit !== null ? `/token/${unit}` : `/search?q=${encodeURIComponent(q)}`
}

/** A match in a few words: "Curated" (the registry's), "On chain" (followed by the chain follower), else "Source A". */
export const foundIn = (token: Pick<SearchBody['tokens'][number], 'curated' | 'foundOn'>) =>
  token.curated ? 'Curated' : token.foundOn.includes('chain') ? 'On chain' : 'Source A'

/**
 * The search box in every page's header (the shell's `form#site-search`): tokens from the registry and from the
 * chain by ticker, name, unit or fingerprint, through GET /api/v1/search. Without the script the form still goes to
 * the search page. With it, a full unit opens its token page at once, and a pause in typing lists up to eight
 * matches under the box (links; Down moves into them, Escape closes them).
 */
export function searchBox(): void {
  const form = document.getElementById('site-search') as HTMLFormElement | null
  const input = form?.querySelector('input')
  if (!form || !input) return
  const list = el('ul', { id: 'search-suggestions', class: 'suggestions', 'aria-label': 'Matching tokens', hidden: true })
  const said = el('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' })
  form.append(list, said)
  const current = new URLSearchParams(location.search).get('q')
  if (location.pathname === '/search' && current !== null) input.value = current

  let timer: ReturnType<typeof setTimeout> | undefined
  let asked = ''
  const close = () => {
    list.hidden = true
    fill(list)
  }
  const suggest = async (query: string) => {
    asked = query
    const res = await apiGet<SearchBody>(`/search?q=${encodeURIComponent(query)}`)
    if (asked !== query || input.value.trim() !== query) return // typed on meanwhile
    if (!res.ok) {
      fill(list, el('li', { class: 'muted' }, res.error.hint))
      list.hidden = false
      return
    }
    const tokens = res.body.tokens.slice(0, SUGGESTIONS)
    said.textContent = `${res.body.count} matching token${res.body.count === 1 ? '' : 's'}`
    fill(list, ...(tokens.length === 0
      ? [el('li', { class: 'muted' }, `No token matches “${query}”.`)]
      : tokens.map((t) => el('li', {}, el('a', { href: `/token/${t.address}` }, el('strong', {}, t.symbol), ' ', t.name, ' ', el('span', { class: 'tag' }, foundIn(t)))))))
    list.hidden = false
  }

  input.addEventListener('input', () => {
    clearTimeout(timer)
    const query = input.value.trim()
    if (query.length < MIN_CHARS || normaliseUnit(query) !== null) return close()
    timer = setTimeout(() => void suggest(query), PAUSE_MS)
  })
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close()
    if (event.key === 'ArrowDown' && !list.hidden) {
      event.preventDefault()
      list.querySelector('a')?.focus()
    }
  })
  list.addEventListener('keydown', (event) => {
    const links = [...list.querySelectorAll('a')]
    const at = links.indexOf(document.activeElement as HTMLAnchorElement)
    if (event.key === 'Escape') {
      close()
      input.focus()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const next = at + (event.key === 'ArrowDown' ? 1 : -1)
      if (next < 0) input.focus()
      else links[Math.min(next, links.length - 1)]?.focus()
    }
  })
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    if (input.value.trim() !== '') location.assign(searchTarget(input.value))
  })
  document.addEventListener('click', (event) => {
    if (!form.contains(event.target as Node)) close()
  })
}
