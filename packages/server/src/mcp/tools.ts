import type { ExtractionService } from '../service/extraction-service.js'
import { createExtractionTools } from './extraction-tools.js'
import type { McpTool } from './tool.js'

/** Services the MCP tools call; the Doc Link service joins here with its four tools. */
export interface McpToolServices {
  extraction: ExtractionService
}

/** Every tool of the MCP endpoint, in the order `tools/list` shows them. */
export function createMcpTools(services: McpToolServices): McpTool[] {
  return [...createExtractionTools(services.extraction)]
}
