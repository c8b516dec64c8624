/** The pdfx server (REST, MCP and Doc Link viewer) is being built (issues 5 and 6). */
export { buildOpenApiDocument } from '@pdfx/schema'
