/**
 * The exact payloads the community endpoints verify (src/modules/community/payload.ts): a boost carries today's
 * UTC day, a comment the time it was signed (within 5 minutes of server time).
 */
export function boostPayload(unit: string, now = new Date()): string {
  return JSON.stringify({ action: 'boost', unit, day: now.toISOString().slice(0, 10) })
}

export function commentPayload(unit: string, body: string, now = new Date()): string {
  return JSON.stringify({ action: 'comment', unit, body, ts: now.toISOString() })
}
