/**
 * A time of day or a recording's timestamp, maybe in brackets ("09:30", "[01:02:45]"), as a
 * pattern's source: agendas, show notes and transcripts open their lines with one.
 */
export const TIME = String.raw`\[?\d{1,2}:\d{2}(?::\d{2})?\]?`
