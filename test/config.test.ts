import { describe, expect, it } from 'bun:test'
import { ConfigError, loadConfig } from '../src/config'
import { loadRegistry } from '../src/registry/registry'

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicBaseUrl: null,
      trustProxy: { kind: 'hops', hops: 0 },
      databaseUrl: 'file:./data/community.db',
      upstreamTimeoutMs: 8000,
      logLevel: 'info',
      tokenRegistryFile: null,
    })
    const none = { callsPerDay: null, callsPerMonth: null }
    expect(c.upstreams.dexscreener).toEqual({ baseUrl: 'https://api.dexscreener.com', callsPerMinute: 300, ...none })
    expect(c.upstreams.geckoterminal).toEqual({ baseUrl: 'https://api.geckoterminal.com/api/v2', callsPerMinute: 10, ...none })
    // Keyless Koios: 5,000 calls a UTC day.
    expect(c.upstreams.koios).toEqual({ baseUrl: 'https://api.koios.rest/api/v1', callsPerMinute: 600, callsPerDay: 5000, callsPerMonth: null, token: null })
    expect(c.upstreams.coingecko).toEqual({ baseUrl: 'https://api.coingecko.com/api/v3', callsPerMinute: 10, ...none, apiKey: null })
    expect(c.upstreams.handle).toEqual({ baseUrl: 'https://api.handle.me', callsPerMinute: 60, ...none })
  })

  it('reads the daily and monthly quotas, with defaults from the real tiers', () => {
    expect(loadConfig({ KOIOS_TOKEN: 't' }).upstreams.koios.callsPerDay).toBe(50_000)
    expect(loadConfig({ KOIOS_PER_DAY: '0' }).upstreams.koios.callsPerDay).toBeNull()
    expect(loadConfig({ COINGECKO_API_KEY: 'k' }).upstreams.coingecko.callsPerMonth).toBe(10_000)
    const c = loadConfig({ DEXSCREENER_PER_DAY: '1', GECKOTERMINAL_PER_DAY: '2', KOIOS_PER_DAY: '3', COINGECKO_PER_DAY: '4', HANDLE_PER_DAY: '5', COINGECKO_PER_MONTH: '6' })
    expect(Object.values(c.upstreams).map((u) => u.callsPerDay)).toEqual([1, 2, 3, 4, 5])
    expect(c.upstreams.coingecko.callsPerMonth).toBe(6)
    expect(() => loadConfig({ KOIOS_PER_DAY: '-1' })).toThrow('KOIOS_PER_DAY')
  })

  it('reads every upstream budget; the market provider gets 30 a minute by default once a key is set', () => {
    const c = loadConfig({ DEXSCREENER_RPM: '120', GECKOTERMINAL_RPM: '20', KOIOS_RPM: '300', HANDLE_RPM: '30', COINGECKO_RPM: '7' })
    const budgets = Object.fromEntries(Object.entries(c.upstreams).map(([name, u]) => [name, u.callsPerMinute]))
    expect(budgets).toEqual({ dexscreener: 120, geckoterminal: 20, koios: 300, coingecko: 7, handle: 30 })
    expect(loadConfig({ COINGECKO_API_KEY: 'k' }).upstreams.coingecko.callsPerMinute).toBe(30)
    expect(loadConfig({ COINGECKO_API_KEY: 'k', COINGECKO_RPM: '12' }).upstreams.coingecko.callsPerMinute).toBe(12)
  })

  it('turns the community layer off with DATABASE_URL=off and trims trailing slashes from base URLs', () => {
    const c = loadConfig({ DATABASE_URL: 'off', KOIOS_URL: 'http://127.0.0.1:9/api/v1/' })
    expect(c.databaseUrl).toBeNull()
    expect(c.upstreams.koios.baseUrl).toBe('http://127.0.0.1:9/api/v1')
  })

  it('reads TRUST_PROXY as a hop count, or as proxy addresses and CIDR ranges (Express’s names included)', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 })
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,FD00::/8, 203.0.113.7, linklocal,uniquelocal' }).trustProxy).toEqual({
      kind: 'addresses',
      entries: ['loopback', '10.0.0.0/8', 'fd00::/8', '203.0.113.7', 'linklocal', 'uniquelocal'],
    })
  })

  it('reads MCP_CALLS_PER_CLIENT_PER_MINUTE: 120 by default, 0 for no limit', () => {
    expect(loadConfig({}).mcp.callsPerClientPerMinute).toBe(120)
    expect(loadConfig({ MCP_CALLS_PER_CLIENT_PER_MINUTE: '0' }).mcp.callsPerClientPerMinute).toBe(0)
    expect(loadConfig({ MCP_CALLS_PER_CLIENT_PER_MINUTE: '30' }).mcp.callsPerClientPerMinute).toBe(30)
  })

  it.each([
    ['MCP_CALLS_PER_CLIENT_PER_MINUTE', 'lots', /^MCP_CALLS_PER_CLIENT_PER_MINUTE="lots" is not valid: expected an integer from 0 to 1000000$/],
    ['PORT', 'eighty', /^PORT="eighty" is not valid: expected an integer from 0 to 65535$/],
    ['GECKOTERMINAL_RPM', '0', /^GECKOTERMINAL_RPM="0" is not valid/],
    ['KOIOS_RPM', 'many', /^KOIOS_RPM="many" is not valid/],
    ['COINGECKO_RPM', '0', /^COINGECKO_RPM="0" is not valid/],
    ['UPSTREAM_TIMEOUT_MS', '-5', /^UPSTREAM_TIMEOUT_MS="-5" is not valid/],
    ['KOIOS_URL', 'ftp://x', /^KOIOS_URL="ftp:\/\/x" is not valid: expected an http:\/\/ or https:\/\/ URL$/],
    ['DEXSCREENER_URL', 'not a url', /^DEXSCREENER_URL="not a url" is not valid/],
    ['DATABASE_URL', 'postgres://x', /^DATABASE_URL="postgres:\/\/x" is not valid/],
    ['LOG_LEVEL', 'loud', /^LOG_LEVEL="loud" is not valid: expected one of debug, info, warn, error, silent$/],
    ['PUBLIC_BASE_URL', 'https://api.example/v1', /^PUBLIC_BASE_URL=.* no path$/],
    ['TRUST_PROXY', 'true', /^TRUST_PROXY="true" is not valid: expected a hop count from 0 to 100, or comma-separated proxy addresses and CIDR ranges .*; "true" is neither$/],
    ['TRUST_PROXY', '101', /^TRUST_PROXY="101" is not valid: a hop count is at most 100$/],
    ['TRUST_PROXY', 'loopback, 10.0.0.0/33', /^TRUST_PROXY=.* "10.0.0.0\/33" is neither$/],
    ['TRUST_PROXY', '10.0.0.256', /^TRUST_PROXY=.* "10.0.0.256" is neither$/],
    ['INSTANCES', '0', /^INSTANCES="0" is not valid: expected an integer from 1 to 1000$/],
    ['REDIS_TIMEOUT_MS', '5', /^REDIS_TIMEOUT_MS="5" is not valid/],
    ['COMMUNITY_MIN_ADA', '2.5', /^COMMUNITY_MIN_ADA="2.5" is not valid: expected an integer from 0 to 45000000000$/],
    ['WRITES_PER_CLIENT_PER_HOUR', '-1', /^WRITES_PER_CLIENT_PER_HOUR="-1" is not valid: expected an integer from 0 to 1000000$/],
    ['COMMENTS_PER_UNIT_PER_DAY', 'lots', /^COMMENTS_PER_UNIT_PER_DAY="lots" is not valid/],
    ['COMMUNITY_ANY_UNIT', 'yes', /^COMMUNITY_ANY_UNIT="yes" is not valid: expected on or off$/],
  ])('stops with one line naming %s when it is %p', (name, value, message) => {
    let error: unknown
    try {
      loadConfig({ [name]: value })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toMatch(message)
    expect((error as Error).message).not.toContain('\n')
  })
})

describe('the community layer', () => {
  it('admits writers with 25 ADA on a registered stake address, 60 writes per client an hour, 500 comments per token a day, real tokens only', () => {
    expect(loadConfig({}).community).toEqual({ minAda: 25, writesPerClientPerHour: 60, commentsPerUnitPerDay: 500, anyUnit: false })
  })

  it('reads each setting; 0 turns a check or limit off and COMMUNITY_ANY_UNIT=1 accepts any unit', () => {
    const c = loadConfig({ COMMUNITY_MIN_ADA: '0', WRITES_PER_CLIENT_PER_HOUR: '0', COMMENTS_PER_UNIT_PER_DAY: '7', COMMUNITY_ANY_UNIT: '1' })
    expect(c.community).toEqual({ minAda: 0, writesPerClientPerHour: 0, commentsPerUnitPerDay: 7, anyUnit: true })
    expect(loadConfig({ COMMUNITY_ANY_UNIT: 'off' }).community.anyUnit).toBe(false)
  })
})

describe('sharing between instances', () => {
  it('works alone by default: no Redis, the whole budget for this instance', () => {
    const c = loadConfig({})
    expect({ redisUrl: c.redisUrl, redisTimeoutMs: c.redisTimeoutMs, instances: c.instances }).toEqual({ redisUrl: null, redisTimeoutMs: 250, instances: 1 })
  })

  it('takes redis:// and rediss:// URLs, and refuses anything else without echoing it (it may hold a password)', () => {
    expect(loadConfig({ REDIS_URL: 'redis://:pw@10.0.0.5:6379/2' }).redisUrl).toBe('redis://:pw@10.0.0.5:6379/2')
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example:6380' }).redisUrl).toBe('rediss://cache.example:6380')
    expect(() => loadConfig({ REDIS_URL: 'http://:secret@cache.example' })).toThrow(/^REDIS_URL is not valid: expected redis:\/\//)
    try {
      loadConfig({ REDIS_URL: 'http://:secret@cache.example' })
    } catch (error) {
      expect((error as Error).message).not.toContain('secret')
    }
  })
})

describe('token registry', () => {
  it('bundles the 68 curated tokens with lowercase units split into policy and name', () => {
    const registry = loadRegistry(null)
    expect(registry.tokens).toHaveLength(68)
    const snek = registry.get('279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b')!
    expect(snek).toMatchObject({ ticker: 'SNEK', decimals: 0, policyId: '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f', assetNameHex: '534e454b' })
  })

  it('reads TOKEN_REGISTRY_FILE and refuses a bad entry with the entry named', async () => {
    const dir = `${process.env.TMPDIR ?? '/tmp'}/registry-test-${process.pid}`
    await Bun.write(`${dir}/good.json`, JSON.stringify([{ unit: 'AB'.repeat(28) + '01', ticker: 'T', name: 'Test', decimals: 2 }]))
    await Bun.write(`${dir}/bad.json`, JSON.stringify([{ unit: 'AB'.repeat(28), ticker: 'T', name: 'Test', decimals: 2.5 }]))
    expect(loadRegistry(`${dir}/good.json`).units).toEqual(['ab'.repeat(28) + '01'])
    expect(() => loadRegistry(`${dir}/bad.json`)).toThrow(/entry 0: "decimals" must be an integer/)
    expect(() => loadRegistry(`${dir}/missing.json`)).toThrow(ConfigError)
  })
})

describe('starting the service', () => {
  it('exits with one line naming a bad variable', async () => {
    const proc = Bun.spawn(['bun', 'src/index.ts'], { env: { ...process.env, PORT: 'abc' }, stderr: 'pipe', stdout: 'pipe' })
    const code = await proc.exited
    const stderr = await new Response(proc.stderr).text()
    expect(code).toBe(1)
    expect(stderr.trim()).toBe('config error: PORT="abc" is not valid: expected an integer from 0 to 65535')
  })
})
