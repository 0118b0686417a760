/**
 * The third-party chain vectors, copied byte for byte from shared/chain/vectors into test/fixtures/chain/vectors
 * (PROVENANCE.md there names each file's repository and commit), so the tests run on a clean clone.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const VECTORS = join(import.meta.dir, '../../fixtures/chain/vectors')

export const vectorText = (path: string): string => readFileSync(join(VECTORS, path), 'utf8')
export const vectorJson = <T>(path: string): T => JSON.parse(vectorText(path)) as T
