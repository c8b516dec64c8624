import type { LinkService } from '../links/link-service.js'
import type { ExtractionService } from '../service/extraction-service.js'
import { createExtractionTools } from './extraction-tools.js'
import { createLinkTools } from './link-tools.js'
import type { McpTool } from './tool.js'

/** Services the MCP tools call. */
export interface McpToolServices {
  extraction: ExtractionService
  links: LinkService
}

/** Every tool of the MCP endpoint, in the order `tools/list` shows them. */
export function createMcpTools(services: McpToolServices): McpTool[] {
  return [...createExtractionTools(services.extraction), ...createLinkTools(services.links)]
}
