import { defineConfig } from 'drizzle-kit'

/** `bunx drizzle-kit generate --name <change>` writes the next SQL migration into drizzle/ (commit it). */
export default defineConfig({
  dialect: 'turso',
  schema: './src/db/schema.ts',
  out: './drizzle',
  dbCredentials: {
    url: process.env.DATABASE_URL ?? 'file:./data/community.db',
    authToken: process.env.DATABASE_AUTH_TOKEN,
  },
})
