import { type LoadFigures, type LoadTarget, runLoad, summarizeLoad } from './load-run'
import type { ProcessMemory } from './protocol'
import type { ServerProcess } from './server-process'

/** Length of one scenario's run and its untimed warm-up, and the connections in all. */
export interface ScenarioOptions {
  seconds: number
  warmUpSeconds: number
  connections: number
}

/**
 * Warm-up of a route whose requests must not be cut off: this many requests per connection,
 * all answered, instead of `warmUpSeconds`.
 */
export interface WarmUpByRequests {
  requestsPerConnection: number
}

/** One route under load on one or more server processes. */
export interface ScenarioFigures extends LoadFigures {
  name: string
  instances: number
  connections: number
  /** Memory of the server processes (added up) after the warm-up and after the timed run. */
  memoryWarm: ProcessMemory
  memoryEnd: ProcessMemory
}

/** Server processes and the targets on them that one configuration of a scenario loads. */
export interface LoadSetup {
  servers: readonly ServerProcess[]
  targets: readonly LoadTarget[]
}

/**
 * Warms up with an untimed run of `targets`, reads the servers' memory, runs the timed load, and
 * reads their memory again. `servers` are the processes behind the targets.
 */
export async function measureScenario(
  name: string,
  setup: LoadSetup,
  options: ScenarioOptions,
  warmUp?: WarmUpByRequests,
): Promise<ScenarioFigures> {
  const { connections } = options
  await runLoad(
    setup.targets,
    warmUp
      ? { requests: warmUp.requestsPerConnection * connections, connections }
      : { seconds: options.warmUpSeconds, connections },
  )
  const memoryWarm = await memoryOf(setup.servers)
  const sample = await runLoad(setup.targets, { seconds: options.seconds, connections })
  const memoryEnd = await memoryOf(setup.servers)
  return figuresOf(name, setup, options, summarizeLoad([sample]), memoryWarm, memoryEnd)
}

/**
 * Measures one scenario in two configurations for a ratio on a busy machine: `first` for half
 * the time, `second` for the whole time, then `first` for the other half (A B A), so that load
 * from elsewhere that rises or falls steadily weighs on both alike. Each is warmed up once,
 * before its first timed run.
 */
export async function compareScenarios(
  name: string,
  first: LoadSetup,
  second: LoadSetup,
  options: ScenarioOptions,
): Promise<[ScenarioFigures, ScenarioFigures]> {
  const { connections, warmUpSeconds } = options
  const half = options.seconds / 2
  await runLoad(first.targets, { seconds: warmUpSeconds, connections })
  const firstWarm = await memoryOf(first.servers)
  const firstStart = await runLoad(first.targets, { seconds: half, connections })
  await runLoad(second.targets, { seconds: warmUpSeconds, connections })
  const secondWarm = await memoryOf(second.servers)
  const secondRun = await runLoad(second.targets, { seconds: options.seconds, connections })
  const secondEnd = await memoryOf(second.servers)
  const firstEndRun = await runLoad(first.targets, { seconds: half, connections })
  const firstEnd = await memoryOf(first.servers)
  return [
    figuresOf(name, first, options, summarizeLoad([firstStart, firstEndRun]), firstWarm, firstEnd),
    figuresOf(name, second, options, summarizeLoad([secondRun]), secondWarm, secondEnd),
  ]
}

function figuresOf(
  name: string,
  setup: LoadSetup,
  options: ScenarioOptions,
  figures: LoadFigures,
  memoryWarm: ProcessMemory,
  memoryEnd: ProcessMemory,
): ScenarioFigures {
  return {
    name,
    instances: setup.servers.length,
    // Every target gets a connection of its own, even when there are fewer connections.
    connections: Math.max(options.connections, setup.targets.length),
    ...figures,
    memoryWarm,
    memoryEnd,
  }
}

async function memoryOf(servers: readonly ServerProcess[]): Promise<ProcessMemory> {
  const readings = await Promise.all(servers.map((server) => server.memory()))
  return {
    rssBytes: readings.reduce((sum, reading) => sum + reading.rssBytes, 0),
    heapUsedBytes: readings.reduce((sum, reading) => sum + reading.heapUsedBytes, 0),
  }
}
