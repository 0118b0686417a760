/**
 * `bun run bench`: starts what each figure needs on loopback (the service as its own process against the fake
 * upstreams, with a temporary database), runs a bounded load, and prints one line per figure with the ratio to a
 * baseline measured in the same run. The last results go to bench/RESULTS.md. Speed is never asserted in tests.
 *
 *   bun run bench                 all figures
 *   bun run bench cached          only the named figures (cached, compressed, not-modified, ..., flood, day,
 *                                 mcp-cost, mcp-flood, host-rotation, chain, chain-year, ogmios, safety, chain-tokens, prices)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { FakeUpstreams } from '../test/fake-upstreams/server'
import { figures, fmt, type BenchContext, type FigureLine } from './figures'
import { redisL1 } from './redis-l1'
import { flood } from './flood'
import { simulatedDay } from './simulated-day'
import { startServerProcess } from '../test/support/processes'
import { compressedHit } from './compressed-hit'
import { floorFigure } from './floor'
import { streamFigure } from './stream'
import { loadGeneratorNote } from './lib/load'
import { chainFollower } from './chain'
import { edgeFigures } from './edge'
import { chainYear } from './chain-year'
import { safetyReport } from './safety'
import { ogmiosFollower } from './ogmios'
import { chainTokensFigure } from './chain-tokens'
import { pricesFigure } from './prices'

figures.splice(1, 0, compressedHit, floorFigure)

const only = new Set(process.argv.slice(2))
console.log(`Load generator: ${loadGeneratorNote()}`)
/** The machine's 1-minute load average before each figure: other work on the cores moves every figure. */
const loads: number[] = []
const loadNow = () => {
  const one = loadavg()[0]
  loads.push(one)
  return one.toFixed(2)
}
const dir = mkdtempSync(join(tmpdir(), 'cma-bench-'))
const fake = await FakeUpstreams.start()

const context: BenchContext = {
  fake,
  dir,
  startService: (env = {}) =>
    startServerProcess({
      ...fake.env(),
      // The request log is written as in production (to a discarded stdout).
      LOG_LEVEL: 'info',
      DATABASE_URL: `file:${join(dir, `bench-${crypto.randomUUID()}.db`)}`,
      GECKOTERMINAL_RPM: '600',
      ...env,
    }),
}

const lines: FigureLine[] = []
try {
  for (const figure of [...figures, redisL1, flood, simulatedDay, streamFigure, chainFollower, chainYear, ogmiosFollower, safetyReport, chainTokensFigure, pricesFigure, ...edgeFigures]) {
    if (only.size > 0 && !only.has(figure.name)) continue
    console.log(`\n== ${figure.title}  (load average ${loadNow()})`)
    for (const line of await figure.run(context)) {
      lines.push(line)
      console.log(`${line.label.padEnd(58)} ${line.value.padStart(16)}   ${line.note}`)
    }
  }
} finally {
  await fake.stop()
  rmSync(dir, { recursive: true, force: true })
}

if (only.size === 0) {
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM`
  loadNow()
  const table = lines.map((l) => `| ${l.label} | ${l.value} | ${l.note} |`).join('\n')
  await Bun.write(
    `${import.meta.dir}/RESULTS.md`,
    `# Benchmark results\n\nLast full run of \`bun run bench\`: ${new Date().toISOString().slice(0, 10)}, Bun ${Bun.version}, ` +
      `${machine}. Load generator: ${loadGeneratorNote()}.\n\n` +
      `The machine's 1-minute load average went from ${fmt(Math.min(...loads), 1)} to ${fmt(Math.max(...loads), 1)} over the run ` +
      `(read before each figure and at the end; above ${cpus().length}, other work competed with the benchmark for the cores).\n\n` +
      `Ratios compare against a baseline measured in the same run (alternating rounds, medians), because this machine's ` +
      `absolute figures move by ±20 % from one minute to the next.\n\n| figure | value | note |\n|---|--:|---|\n${table}\n`,
  )
  console.log('\nwrote bench/RESULTS.md')
}
