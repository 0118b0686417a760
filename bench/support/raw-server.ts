/**
 * The baseline: a bare Bun.serve answering every request with the same bytes and content type (and content
 * coding, for bytes compressed already). With a JSON file of headers as fifth argument, it writes those instead:
 * the service's whole stored header set (figure 1c), to price the header bytes apart from the per-request work.
 *
 *   bun bench/support/raw-server.ts <body file> <content type> [port] [content coding] [headers JSON file]
 */
import { readFileSync } from 'node:fs'

const [file, contentType, port, contentEncoding, headersFile] = process.argv.slice(2)
const bytes = new Uint8Array(await Bun.file(file).arrayBuffer())
const headers: Record<string, string> = headersFile ? JSON.parse(readFileSync(headersFile, 'utf8')) : { 'content-type': contentType }
if (contentEncoding && !headersFile) headers['content-encoding'] = contentEncoding
const server = Bun.serve({
  port: Number(port ?? 0),
  hostname: '127.0.0.1',
  fetch: () => new Response(bytes, { headers }),
})
console.error(`READY http://127.0.0.1:${server.port}`)
