import { isPdfxError, PdfxError, type Plan, PlanSchema } from '@pdfx/schema'
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { ConfigError, loadConfig } from './config.js'
import { runServer } from './main.js'
import { type ApiKeyInfo, openStore, type Store } from './store/index.js'

/** Where the CLI reads its environment and writes its output; tests pass their own. */
export interface CliIo {
  env: Readonly<Record<string, string | undefined>>
  stdout: (text: string) => void
  stderr: (text: string) => void
}

const HELP_FOOTER = `
The database is the server's: PDFX_DATABASE_URL, or the SQLite file in PDFX_DATA_DIR (./data).

Examples:
  pdfx-server serve
  pdfx-server account create --email you@example.com --plan free --json
  pdfx-server key list --account acc_...
  pdfx-server credits add --account acc_... --pages 1000`

/** Builds the `pdfx-server` command tree: `serve` and the operator commands on the database. */
export function buildServerProgram(io: CliIo): Command {
  const program = new Command('pdfx-server')
    .description('Run the pdfx server and manage its accounts, API keys and credits.')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError()
    .addHelpText('after', HELP_FOOTER)

  program
    .command('serve')
    .description('Start the HTTP server (configured by PDFX_* environment variables)')
    .action(async () => {
      await runServer(io.env)
    })

  const account = program.command('account').description('Manage accounts')
  account
    .command('create')
    .description('Create an account and its first API key (the key is shown only this once)')
    .requiredOption('--email <email>', 'owner email address')
    .addOption(new Option('--plan <plan>', 'plan').choices(PlanSchema.options).default('free'))
    .option('--json', 'print JSON: {"account": {...}, "apiKey": "pdfx_..."}')
    .action((options: { email: string; plan: Plan; json?: boolean }) =>
      withStore(io, async (store) => {
        const created = await store.createAccount({ email: options.email, plan: options.plan })
        if (options.json) {
          printJson(io, { account: created.account, apiKey: created.apiKey })
        } else {
          io.stdout(
            `Created account ${created.account.id} (${created.account.plan}) for ${created.account.email}\n` +
              `API key (shown only now): ${created.apiKey}\n`,
          )
        }
      }),
    )

  const key = program.command('key').description('Manage API keys')
  key
    .command('create')
    .description('Create another API key for an account (shown only this once)')
    .requiredOption('--account <id>', 'account id (acc_...)')
    .option('--name <name>', 'a name to tell keys apart')
    .option('--json', 'print JSON: {"key": {...}, "apiKey": "pdfx_..."}')
    .action((options: { account: string; name?: string; json?: boolean }) =>
      withStore(io, async (store) => {
        const created = await store.createApiKey(options.account, options.name)
        if (options.json) printJson(io, { key: created.key, apiKey: created.secret })
        else
          io.stdout(`Created key ${created.key.id}\nAPI key (shown only now): ${created.secret}\n`)
      }),
    )
  key
    .command('list')
    .description("List an account's API keys, revoked ones included")
    .requiredOption('--account <id>', 'account id (acc_...)')
    .option('--json', 'print JSON: {"keys": [...]}')
    .action((options: { account: string; json?: boolean }) =>
      withStore(io, async (store) => {
        if ((await store.getAccount(options.account)) === null) throw noAccount(options.account)
        const keys = await store.listApiKeys(options.account)
        if (options.json) printJson(io, { keys })
        else io.stdout(keys.length === 0 ? 'No keys\n' : `${keys.map(describeKey).join('\n')}\n`)
      }),
    )
  key
    .command('revoke')
    .description('Revoke an API key; requests with it get 401 from now on')
    .requiredOption('--account <id>', 'account id (acc_...)')
    .requiredOption('--key <id>', 'key id (key_...), as `key list` shows it')
    .option('--json', 'print JSON: {"key": {...}}')
    .action((options: { account: string; key: string; json?: boolean }) =>
      withStore(io, async (store) => {
        const revoked = await store.revokeApiKey(options.account, options.key)
        if (revoked === null) {
          throw new PdfxError('not_found', `Account ${options.account} has no key ${options.key}`)
        }
        if (options.json) printJson(io, { key: revoked })
        else io.stdout(`Revoked ${describeKey(revoked)}\n`)
      }),
    )

  const credits = program.command('credits').description('Manage purchased page credits')
  credits
    .command('add')
    .description('Add purchased pages to an account; credits never expire')
    .requiredOption('--account <id>', 'account id (acc_...)')
    .requiredOption('--pages <n>', 'pages to add', parsePositiveInteger)
    .option('--json', 'print JSON: {"accountId": "...", "credits": n}')
    .action((options: { account: string; pages: number; json?: boolean }) =>
      withStore(io, async (store) => {
        const balance = await store.addCredits(options.account, options.pages)
        if (options.json) printJson(io, { accountId: options.account, credits: balance })
        else io.stdout(`Account ${options.account} now has ${balance} credit pages\n`)
      }),
    )
  return program
}

/**
 * Runs `pdfx-server` with the given arguments (without `node` and the script) and returns the
 * exit code: 0 success, 1 failure (message on stderr), 2 usage error. `serve` resolves once the
 * server listens; the process then lives until a signal stops the server.
 */
export async function runServerCli(
  argv: readonly string[],
  io: CliIo = {
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  },
): Promise<number> {
  try {
    await buildServerProgram(io).parseAsync([...argv], { from: 'user' })
    return 0
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2
    // Operators need what went wrong (a taken email, a port in use), not a stack trace.
    io.stderr(`pdfx-server: ${describeError(error)}\n`)
    return 1
  }
}

async function withStore(io: CliIo, use: (store: Store) => Promise<void>): Promise<void> {
  const config = loadConfig(io.env)
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await use(store)
  } finally {
    await store.close()
  }
}

function describeError(error: unknown): string {
  if (error instanceof ConfigError || isPdfxError(error)) return error.message
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : ''
  return `${error.message}${cause}`
}

function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value)}\n`)
}

function describeKey(key: ApiKeyInfo): string {
  const state = key.revokedAt === null ? 'active' : `revoked ${key.revokedAt}`
  const name = key.name === null ? '' : ` "${key.name}"`
  return `${key.id}  ${key.prefix}…${name}  created ${key.createdAt}  ${state}`
}

function noAccount(accountId: string): PdfxError {
  return new PdfxError('not_found', `No account ${accountId}`)
}

function parsePositiveInteger(value: string): number {
  const number = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < 1) {
    throw new InvalidArgumentError('expected a whole number ≥ 1')
  }
  return number
}
