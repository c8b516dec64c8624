import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { API_VERSION } from '@pdfx/schema'
import type { McpTool, ToolSession } from './tool.js'

/** What the server tells clients at `initialize`, for the model choosing among the tools. */
const INSTRUCTIONS =
  'pdfx extracts text-layer PDFs fetched from http(s) URLs. extract_pdf returns Markdown and ' +
  'reading-order elements; get_chunks returns token-sized chunks for retrieval; list_tables ' +
  'returns the tables as cell grids. Scanned PDFs (no text layer) are not supported. With an ' +
  'API key, create_doc_link publishes a PDF as a tracked link, and list_doc_links, ' +
  'get_doc_link_stats and revoke_doc_link manage the links and read who viewed what. Failed ' +
  'calls are tool errors whose text is {"error":{"code","message"}}.'

/**
 * A fresh MCP server for one HTTP request (the endpoint is stateless), with every tool bound to
 * that request's caller.
 */
export function createMcpServer(tools: readonly McpTool[], session: ToolSession): McpServer {
  const server = new McpServer(
    { name: 'pdfx', title: 'pdfx', version: API_VERSION },
    { instructions: INSTRUCTIONS },
  )
  for (const tool of tools) tool.register(server, session)
  return server
}
