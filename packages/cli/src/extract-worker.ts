// Entry of the worker threads `pdfx extract` starts for several inputs (see worker-pool.ts); tsup
// builds it as dist/extract-worker.js next to the code that starts it.
import { workerData } from 'node:worker_threads'
import { type ExtractSettings, runExtractJob } from './extract-job.js'
import type { Input } from './inputs.js'
import { serveJobs } from './worker-pool.js'

const settings = workerData as ExtractSettings
serveJobs((input: Input) => runExtractJob(input, settings))
