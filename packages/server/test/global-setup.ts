import type { TestProject } from 'vitest/node'
import { startTestServices } from './services'

/** Finds or starts PostgreSQL and Redis once per run and stops what it started at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { services, stop } = await startTestServices()
  project.provide('pdfxServices', services)
  // Said once here, because reporters do not show the names of suites in a skipped file.
  for (const [service, found] of Object.entries(services)) {
    if (found.url === null) {
      process.stderr.write(
        `[server tests] ${service} unavailable (its suites skip, or fail if PDFX_REQUIRE_SERVICES=1): ${found.reason}\n`,
      )
    }
  }
  return stop
}
