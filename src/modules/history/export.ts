/**
 * One recorded row as an export line: NDJSON (one JSON object per line) or CSV (a header line, then one line
 * per row). Pure; the service streams the lines page by page.
 */
import type { ExportFormat } from './request'
import { HOUR_SECONDS } from './intervals'
import type { Snapshot } from './snapshot'
import { sourceNames } from './sources'

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
}

/** The exported fields, in CSV column order. */
export const EXPORT_FIELDS = [
  'unit', 'resolution', 'intervalStart', 'time', 'priceUsd', 'openUsd', 'highUsd', 'lowUsd', 'liquidityUsd',
  'volume24hUsd', 'buys24h', 'sells24h', 'sources', 'samples', 'recordedAt',
] as const

export interface ExportedSnapshot {
  unit: string
  resolution: '5m' | '1h'
  intervalStart: number
  time: string
  priceUsd: number
  openUsd: number | null
  highUsd: number | null
  lowUsd: number | null
  liquidityUsd: number | null
  volume24hUsd: number | null
  buys24h: number | null
  sells24h: number | null
  sources: string[]
  samples: number
  recordedAt: string
}

export function exportedSnapshot(row: Snapshot): ExportedSnapshot {
  return {
    unit: row.unit,
    resolution: row.intervalSeconds === HOUR_SECONDS ? '1h' : '5m',
    intervalStart: row.intervalStart,
    time: new Date(row.intervalStart * 1000).toISOString(),
    priceUsd: row.priceUsd,
    openUsd: row.openUsd,
    highUsd: row.highUsd,
    lowUsd: row.lowUsd,
    liquidityUsd: row.liquidityUsd,
    volume24hUsd: row.volume24hUsd,
    buys24h: row.buys24h,
    sells24h: row.sells24h,
    sources: sourceNames(row.sources),
    samples: row.samples,
    recordedAt: new Date(row.recordedAtMs).toISOString(),
  }
}

/** What goes before the first row. */
export function exportHeader(format: ExportFormat): string {
  return format === 'csv' ? `${EXPORT_FIELDS.join(',')}\n` : ''
}

/** One line per row, newline-terminated. CSV: an empty cell is null; sources are joined with `+`. */
export function exportLines(rows: readonly Snapshot[], format: ExportFormat): string {
  let out = ''
  for (const row of rows) {
    const snapshot = exportedSnapshot(row)
    if (format === 'ndjson') out += `${JSON.stringify(snapshot)}\n`
    else out += `${EXPORT_FIELDS.map((field) => csvCell(field === 'sources' ? snapshot.sources.join('+') : snapshot[field])).join(',')}\n`
  }
  return out
}

/** Numbers and the fixed vocabulary need no quoting; a unit is hex. Anything else is quoted defensively. */
function csvCell(value: string | number | null): string {
  if (value === null) return ''
  const text = String(value)
  return /^[A-Za-z0-9.:+_-]*$/.test(text) ? text : `"${text.replace(/"/g, '""')}"`
}
