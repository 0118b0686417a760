/**
 * ADA Handle: GET /handles/{name}. Known handles answer their stored status (200, or 202 while the indexer
 * catches up); malformed names 406; unknown ones 404 `{"message":"Handle not found"}`.
 */
import type { World } from '../world'
import { json, type FakeAnswer, type FakeRequest } from './common'

const HANDLE_RE = /^[a-z0-9._-]{1,15}$/

export function handle(world: World, req: FakeRequest): FakeAnswer {
  const m = req.path.match(/^\/handles\/([^/]+)$/)
  if (!m) return json({ message: 'Not found' }, 404)
  const name = decodeURIComponent(m[1])
  if (!HANDLE_RE.test(name.toLowerCase())) return json({ message: 'Invalid handle' }, 406)
  // The real API looks the name up as given: a capitalised name is not found.
  const entry = world.handle.handles.get(name)
  if (!entry) return json({ message: 'Handle not found' }, 404)
  return json(entry.body, entry.status)
}
