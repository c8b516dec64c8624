/**
 * The arguments a bench script was given. `pnpm bench:quality -- --per-doc` hands the `--` on
 * to the script, where parseArgs would read every option after it as a stray positional.
 */
export function scriptArgs(argv: readonly string[] = process.argv.slice(2)): string[] {
  return argv[0] === '--' ? argv.slice(1) : [...argv]
}
