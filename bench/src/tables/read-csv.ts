// Python's csv.reader with the default (excel) dialect over a file opened with newline='', as
// table_score.py reads the expected grids: ',' separates, '"' quotes, '""' inside quotes is one
// '"', line breaks inside quotes are kept as they are, an empty line is an empty row, and the
// non-strict repairs apply (text right after a closing quote joins the field).

type State = 'record' | 'field' | 'unquoted' | 'quoted' | 'quote-in-quoted' | 'line-end'

/** Lines as Python's universal-newline reader cuts them: after \n, \r\n, or a lone \r. */
function splitKeepingEnds(text: string): string[] {
  const lines: string[] = []
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '\r' && text[i + 1] === '\n') i++
    else if (char !== '\n' && char !== '\r') continue
    lines.push(text.slice(start, i + 1))
    start = i + 1
  }
  if (start < text.length) lines.push(text.slice(start))
  return lines
}

/** Rows of CSV text, each a list of field strings, exactly as Python's `csv.reader` returns them. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let fields: string[] = []
  let field = ''
  // widened on purpose: feed() changes it, which narrowing after the calls cannot see
  let state = 'record' as State
  const save = (): void => {
    fields.push(field)
    field = ''
  }
  // null marks the end of a line, which csv.reader sees after the line's own break characters
  const feed = (char: string | null): void => {
    const lineBreak = char === '\n' || char === '\r'
    const endOfRecord = (): void => {
      save()
      state = char === null ? 'record' : 'line-end'
    }
    switch (state) {
      case 'record':
        if (char === null) return
        if (lineBreak) {
          state = 'line-end'
          return
        }
        state = 'field'
        feed(char)
        return
      case 'field':
        if (char === null || lineBreak) endOfRecord()
        else if (char === '"') state = 'quoted'
        else if (char === ',') save()
        else {
          field += char
          state = 'unquoted'
        }
        return
      case 'unquoted':
        if (char === null || lineBreak) endOfRecord()
        else if (char === ',') {
          save()
          state = 'field'
        } else field += char
        return
      case 'quoted':
        if (char === '"') state = 'quote-in-quoted'
        else if (char !== null) field += char
        return
      case 'quote-in-quoted':
        if (char === '"') {
          field += '"'
          state = 'quoted'
        } else if (char === ',') {
          save()
          state = 'field'
        } else if (char === null || lineBreak) endOfRecord()
        else {
          field += char
          state = 'unquoted'
        }
        return
      case 'line-end':
        if (char === null) state = 'record'
        else if (!lineBreak) throw new Error('new-line character seen in unquoted field')
        return
    }
  }
  for (const line of splitKeepingEnds(text)) {
    for (const char of line) feed(char)
    feed(null)
    if (state === 'record') {
      rows.push(fields)
      fields = []
    }
  }
  // the file ended inside a record (an unclosed quote): csv.reader returns what it has
  if (field !== '' || state === 'quoted') {
    save()
    rows.push(fields)
  }
  return rows
}
