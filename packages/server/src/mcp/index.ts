// The MCP endpoint of the server: import from here, not from the files behind it.
export { MCP_PATH, type McpDeps, registerMcp } from './transport-route.js'
