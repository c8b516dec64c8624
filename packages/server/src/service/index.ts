// The services behind the routes and the MCP tools.
export {
  createExtractionService,
  type DefaultExtractionService,
  type ExtractionServiceDeps,
} from './create-extraction-service.js'
export {
  type Caller,
  type ExtractionService,
  isRateLimitedError,
  RateLimitedError,
  type RateLimitState,
} from './extraction-service.js'
