/**
 * The baseline: a bare Bun.serve answering every request with the same bytes and content type (and content
 * coding, for bytes compressed already).
 */
const [file, contentType, port, contentEncoding] = process.argv.slice(2)
const bytes = new Uint8Array(await Bun.file(file).arrayBuffer())
const headers: Record<string, string> = { 'content-type': contentType }
if (contentEncoding) headers['content-encoding'] = contentEncoding
const server = Bun.serve({
  port: Number(port ?? 0),
  hostname: '127.0.0.1',
  fetch: () => new Response(bytes, { headers }),
})
console.error(`READY http://127.0.0.1:${server.port}`)
export {}
