/**
 * The OpenAPI document passes `@redocly/cli lint` (the pinned CLI, `recommended` ruleset, redocly.yaml) with no
 * error. The CLI runs as a child process with telemetry and update checks off, inside an empty network
 * namespace where the machine allows one (`unshare -n`), so the lint is shown to need no network.
 *
 * Warnings kept (docs/guide/architecture.md, "MCP, OpenAPI and the docs site"): `info-license` (no licence is chosen yet) and
 * `operation-4xx-response` on operations that take no input, which no input can make fail with a 4xx.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { catalogue } from '../../src/catalogue'
import { startService } from '../helpers'

const svc = await startService()
const dir = mkdtempSync(join(tmpdir(), 'redocly-lint-'))
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  await svc.stop()
})

const ROOT = join(import.meta.dir, '..', '..')
const CLI = join(dirname(Bun.resolveSync('@redocly/cli/package.json', ROOT)), 'bin', 'cli.js')
const OFFLINE_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }

/** `unshare -n` gives the child no network at all; where namespaces are not allowed, the env and config still turn every call off. */
const isolated = Bun.spawnSync(['unshare', '-n', 'true'], { stdout: 'ignore', stderr: 'ignore' }).exitCode === 0

interface Problem {
  ruleId: string
  severity: 'error' | 'warn'
  message: string
  location: Array<{ pointer: string }>
}

async function lint(document: unknown): Promise<{ totals: { errors: number; warnings: number }; problems: Problem[] }> {
  const file = join(dir, `openapi-${Date.now()}.json`)
  await Bun.write(file, JSON.stringify(document, null, 2))
  const command = [process.execPath, CLI, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json']
  const child = Bun.spawn(isolated ? ['unshare', '-n', ...command] : command, {
    cwd: ROOT,
    env: { ...process.env, ...OFFLINE_ENV },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()])
  await child.exited
  try {
    return JSON.parse(out)
  } catch {
    throw new Error(`redocly printed no JSON report (exit ${child.exitCode}): ${err}`)
  }
}

/** The operations that take no parameter and no body, as JSON pointers `#/paths/<path>/<method>`. */
const withoutInput = catalogue
  .filter((doc) => doc.params.length === 0 && doc.body === undefined)
  .map((doc) => `#/paths/${doc.path.replaceAll('~', '~0').replaceAll('/', '~1')}/${doc.method.toLowerCase()}`)

describe('@redocly/cli lint, recommended rules', () => {
  it('finds no error in the OpenAPI document, and only the warnings the architecture guide keeps', async () => {
    const { body: document } = await svc.json('/api/v1/openapi.json', { host: 'api.example' })
    const report = await lint(document)
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(report.totals.errors).toBe(0)
    for (const warning of report.problems) {
      const at = warning.location[0]?.pointer ?? ''
      if (warning.ruleId === 'operation-4xx-response') expect(withoutInput.some((pointer) => at.startsWith(pointer))).toBe(true)
      else expect({ rule: warning.ruleId, at }).toEqual({ rule: 'info-license', at: '#/info' })
    }
  }, 60_000)

  it('reports the problems it is there to catch (the document before this check: no security, a trailing slash, a draft-04 tuple)', async () => {
    const { body: document } = await svc.json('/api/v1/openapi.json', { host: 'api.example' })
    const broken = structuredClone(document)
    delete broken.security
    broken.paths['/tokens/'] = broken.paths['/tokens']
    delete broken.paths['/tokens']
    broken.paths['/market'].get.responses['200'].content['application/json'].schema.properties.series.items = {
      type: 'array',
      items: [{ type: 'number' }, { type: 'number' }],
      additionalItems: false,
    }
    const rules = new Set((await lint(broken)).problems.filter((p) => p.severity === 'error').map((p) => p.ruleId))
    expect([...rules].sort()).toEqual(['no-path-trailing-slash', 'security-defined', 'struct'])
  }, 60_000)
})
