/** The baseline: a bare Bun.serve answering every request with the same bytes and content type. */
const [file, contentType, port] = process.argv.slice(2)
const bytes = new Uint8Array(await Bun.file(file).arrayBuffer())
const server = Bun.serve({
  port: Number(port ?? 0),
  hostname: '127.0.0.1',
  fetch: () => new Response(bytes, { headers: { 'content-type': contentType } }),
})
console.error(`READY http://127.0.0.1:${server.port}`)
export {}
