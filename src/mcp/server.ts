import {
  fromJsonSchema,
  McpServer,
  type CallToolResult,
  type JsonSchemaType,
  type JsonSchemaValidatorResult,
  type jsonSchemaValidator,
} from '@modelcontextprotocol/server'
import type { TSchema } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { toJsonSchema } from '../catalogue/json-schema'
import { COVERAGE_RULES } from '../market/coverage'
import type { Logger } from '../observability/logger'
import { toolResult } from './rest-answer'
import { answerTool, type McpTool, type ToolContext } from './tool'
import { mcpToolDefinitions } from './tools'
import { VERSION } from '../version'

const SERVER_INFO = { name: 'cardano-market-api', version: VERSION }

const INSTRUCTIONS = [
  'Read-only Cardano native-token market data, wallet overviews and ADA market statistics: the same data as the REST API at /api/v1.',
  ...COVERAGE_RULES,
  'A failed call returns isError with a JSON {code, error, hint} text, worded as the REST API words it; follow the hint.',
].join('\n')

/**
 * Only what is honoured: tools. The SDK advertises `tools.listChanged: true` unless told otherwise, but a
 * stateless server has no open stream to send that notification on (and the tool list never changes).
 */
const CAPABILITIES = { tools: { listChanged: false } }

/**
 * A fresh MCP server for one HTTP request (the transport is stateless), with every tool registered.
 * Tools answer with the REST body as structured content (and as JSON text for clients without structured
 * output); `_meta.stale` says the answer was built from stale upstream copies (or is served past its lifetime
 * while it is rebuilt). A tool reads its REST twin's answer (rest-answer.ts); the common calls never get here
 * (direct-call.ts answers them from the same bytes).
 */
export function createMcpServer(context: ToolContext, logger: Logger, tools: McpTool[] = mcpToolDefinitions): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS, capabilities: CAPABILITIES })
  for (const tool of tools) {
    const { input, output } = schemasOf(tool)
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: input,
        outputSchema: output,
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
      (args: unknown) => runTool(tool, context, args, logger),
    )
  }
  return server
}

/** The SDK path's result: the same answer the direct path sends (tool.ts answerTool), as the SDK takes it. */
export async function runTool(tool: McpTool, context: ToolContext, rawArgs: unknown, logger: Logger): Promise<CallToolResult> {
  return toolResult(await answerTool(tool, context, rawArgs, logger))
}

type ToolSchemas = { input: ReturnType<typeof fromJsonSchema>; output: ReturnType<typeof fromJsonSchema> }
const toolSchemas = new WeakMap<McpTool, ToolSchemas>()

/**
 * The schemas the SDK advertises in tools/list, built once per tool. Input is checked by runTool (so a bad
 * argument gets the REST wording, not the validator's), hence a validator that lets every value through here.
 * Output is checked with TypeBox against the REST response schema, as the response cache checks REST bodies.
 */
function schemasOf(tool: McpTool): ToolSchemas {
  let schemas = toolSchemas.get(tool)
  if (schemas === undefined) {
    schemas = {
      input: fromJsonSchema(toJsonSchema(tool.input) as JsonSchemaType, passThrough),
      output: fromJsonSchema(toJsonSchema(tool.output) as JsonSchemaType, typeBoxValidator(tool.output)),
    }
    toolSchemas.set(tool, schemas)
  }
  return schemas
}

const passThrough: jsonSchemaValidator = {
  getValidator<T>() {
    return (data: unknown): JsonSchemaValidatorResult<T> => ({ valid: true, data: data as T, errorMessage: undefined })
  },
}

function typeBoxValidator(schema: TSchema): jsonSchemaValidator {
  const check = TypeCompiler.Compile(schema)
  return {
    getValidator<T>() {
      return (data: unknown): JsonSchemaValidatorResult<T> => {
        if (check.Check(data)) return { valid: true, data: data as T, errorMessage: undefined }
        const first = check.Errors(data).First()
        return { valid: false, data: undefined, errorMessage: `${first?.path ?? ''}: ${first?.message ?? 'invalid'}` }
      }
    },
  }
}
