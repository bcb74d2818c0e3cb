// `btstudio mcp`: a Model Context Protocol server over stdio (the official TypeScript SDK's
// low-level Server), serving the tools, resources and prompt of this folder. Every tool is
// read-only: it answers text and writes no file, and none talks to Bigtable.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { MAX_READ_BYTES } from '../io';
import { PROMPTS } from './prompts';
import { listResources, type Resource } from './resources';
import { ToolInputError, TOOLS, type ToolResult } from './tools';

export const SERVER_NAME = 'btstudio';

/** One JSON-RPC message may carry a design of MAX_READ_BYTES, escaped: room for that, no more. */
export const MAX_MESSAGE_BYTES = 4 * MAX_READ_BYTES;

export function createServer(version: string): Server {
  const server = new Server(
    { name: SERVER_NAME, title: 'Bigtable Schema Studio', version },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        "Checks Cloud Bigtable schema designs (format bigtable-studio/v1): validate, lint against Google's schema guidance, simulate hotspots, sample keys in byte order, export. Start with the review_schema prompt, or check_design then lint_design.",
    },
  );
  const byName = new Map(TOOLS.map((t) => [t.name, t]));
  let resources: Resource[] | undefined;
  const allResources = () => (resources ??= listResources());

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema() as { type: 'object' },
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<ToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `no tool "${request.params.name}" (tools: ${TOOLS.map((t) => t.name).join(', ')})`);
    try {
      return await tool.run(request.params.arguments ?? {});
    } catch (e) {
      // A bad argument is the caller's to fix; anything else is ours, but still an answer, not a crash.
      const message = e instanceof ToolInputError ? e.message : `internal error in ${tool.name}: ${(e as Error).message}`;
      if (!(e instanceof ToolInputError) && process.env.BTSTUDIO_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
      return { content: [{ type: 'text', text: message }], isError: true };
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: allResources().map(({ uri, name, title, description, mimeType }) => ({ uri, name, title, description, mimeType })),
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const resource = allResources().find((r) => r.uri === request.params.uri);
    if (!resource) throw new McpError(ErrorCode.InvalidParams, `no resource ${request.params.uri} (resources/list names them)`);
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.read() }] };
  });

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: PROMPTS.map(({ name, title, description, arguments: args }) => ({ name, title, description, arguments: args })),
  }));

  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const prompt = PROMPTS.find((p) => p.name === request.params.name);
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `no prompt "${request.params.name}" (prompts: ${PROMPTS.map((p) => p.name).join(', ')})`);
    return { description: prompt.description, messages: prompt.messages(request.params.arguments ?? {}) };
  });

  return server;
}

/**
 * Serves on these streams until the client goes away (its end of stdin closes) or the process
 * is told to stop; resolves then, so the process exits with 0.
 */
export async function serveStdio(version: string, stdin: NodeJS.ReadableStream, stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): Promise<void> {
  const server = createServer(version);
  const transport = new StdioServerTransport(stdin as typeof process.stdin, stdout as typeof process.stdout, { maxBufferSize: MAX_MESSAGE_BYTES });
  transport.onerror = (e) => {
    stderr.write(`btstudio mcp: ${e.message}\n`);
  };
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(transport);
  const stop = () => void server.close();
  stdin.once('end', stop);
  stdin.once('close', stop);
  // The client went away while an answer was being written (EPIPE): nobody is left to answer.
  stdout.once('error', stop);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await closed;
  process.off('SIGTERM', stop);
  process.off('SIGINT', stop);
}
