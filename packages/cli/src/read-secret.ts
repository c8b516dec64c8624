// Reading an API key without it landing in shell history or on the screen: a hidden prompt on
// a terminal, else the first line of stdin (`pdfx login < key.txt`, `pass pdfx | pdfx login`).

/** Most characters read before giving up: far more than any key, and bounds a runaway pipe. */
const MAX_SECRET_CHARS = 4096

/**
 * The secret typed at a hidden prompt when stdin is a terminal, else the first line of stdin;
 * surrounding white space removed. The prompt goes to stderr, so stdout stays clean.
 */
export function readSecret(
  prompt: string,
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stderr,
): Promise<string> {
  return input.isTTY ? promptHidden(prompt, input, output) : readFirstLine(input)
}

/**
 * Reads up to the first line break (or the end) of a stream that is not a terminal, then stops
 * reading so the process is free to exit.
 */
function readFirstLine(input: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    const done = () => {
      input.off('data', onData)
      input.off('end', done)
      input.off('error', reject)
      input.pause()
      input.destroy()
      resolve(firstLine(text))
    }
    const onData = (chunk: string) => {
      text += chunk
      if (/[\r\n]/.test(text) || text.length > MAX_SECRET_CHARS) done()
    }
    input.setEncoding('utf8')
    input.on('data', onData)
    input.once('end', done)
    input.once('error', reject)
  })
}

/** The first line of `text`, trimmed. */
export function firstLine(text: string): string {
  return (text.split(/\r?\n|\r/)[0] ?? '').trim()
}

/**
 * A prompt whose answer is not echoed: the terminal goes into raw mode and characters are read
 * one by one. Enter ends the answer; Backspace removes a character; Ctrl+C stops the process as
 * the interrupt it is; Ctrl+D on an empty answer ends it empty.
 */
function promptHidden(
  prompt: string,
  input: NodeJS.ReadStream,
  output: NodeJS.WriteStream,
): Promise<string> {
  return new Promise((resolve) => {
    let answer = ''
    output.write(prompt)
    const finish = () => {
      input.off('data', onData)
      input.setRawMode(false)
      input.pause()
      output.write('\n')
    }
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || (char === '\u0004' && answer === '')) {
          finish()
          resolve(answer.trim())
          return
        }
        if (char === '\u0003') {
          finish()
          process.kill(process.pid, 'SIGINT')
          return
        }
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1)
        else if (char >= ' ' && answer.length < MAX_SECRET_CHARS) answer += char
      }
    }
    input.setEncoding('utf8')
    input.setRawMode(true)
    input.on('data', onData)
    input.resume()
  })
}
