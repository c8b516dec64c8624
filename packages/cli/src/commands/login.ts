import { Command } from 'commander'
import { parseBaseUrl } from '../option-values.js'

/** Options of `pdfx login`; `--no-verify` turns `verify` off. */
export interface LoginFlags {
  baseUrl?: string
  verify: boolean
}

const LOGIN_HELP = `
The key is read from stdin, never from the command line (where it would land in the shell's
history): typed at a hidden prompt on a terminal, else the first line of stdin:
  pdfx login                                 asks for the key
  pdfx login < key.txt
  pass show pdfx | pdfx login --base-url https://pdfx.example.com

Keys look like pdfx_ followed by 36 letters and digits; a key of another shape is refused. It
is checked against the server with a list of your links (--no-verify skips that), then saved
with the server address (--base-url; without it, the address saved before, if any) in
  $XDG_CONFIG_HOME/pdfx/config.json, else ~/.config/pdfx/config.json (Linux, macOS)
  %APPDATA%\\pdfx\\config.json (Windows)
written atomically, readable by you alone (mode 0600, folder 0700). PDFX_API_KEY and
PDFX_BASE_URL, when set, override what is saved.`

/** `pdfx login`: saves an API key (read from stdin) in the user's config directory. */
export function loginCommand(): Command {
  return new Command('login')
    .summary('save an API key for links and --remote (read from stdin)')
    .description(
      'Save an API key, read from a hidden prompt or stdin, for the commands that call the API.',
    )
    .option(
      '--base-url <url>',
      'the server the key belongs to, e.g. https://pdfx.example.com',
      parseBaseUrl,
    )
    .option('--no-verify', 'save the key without checking it against the server')
    .addHelpText('after', LOGIN_HELP)
    .action(async (flags: LoginFlags) => {
      const { runLogin } = await import('./login-action.js')
      process.exitCode = await runLogin(flags)
    })
}

/** `pdfx logout`: deletes the saved key (the whole config file). */
export function logoutCommand(): Command {
  return new Command('logout')
    .summary('delete the saved API key')
    .description('Delete the config file "pdfx login" wrote (its key and server address).')
    .action(async () => {
      const { runLogout } = await import('./login-action.js')
      process.exitCode = await runLogout()
    })
}
