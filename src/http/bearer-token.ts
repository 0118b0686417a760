import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * A check of `Authorization: Bearer <token>` against a configured secret, in constant time (both sides hashed to the
 * same length first, so neither the secret's length nor a matching prefix shows in the timing).
 */
export function bearerCheck(secret: string): (authorization: string | null) => boolean {
  const expected = createHash('sha256').update(`Bearer ${secret}`).digest()
  return (authorization) => authorization !== null && timingSafeEqual(createHash('sha256').update(authorization.trim()).digest(), expected)
}
