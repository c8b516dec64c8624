/** What the owner of a link learns about its first counted open. Instants are ISO 8601 UTC. */
export interface FirstOpenNotice {
  link: { id: string; name: string; slug: string; url: string }
  /** The account owner's address: the recipient. */
  ownerEmail: string
  visit: {
    startedAt: string
    email?: string | undefined
    country?: string | undefined
    company?: string | undefined
  }
}

/** A plain-text email. */
export interface NoticeEmail {
  subject: string
  text: string
}

// Link names are chosen by users: control characters (a newline above all) would let a name forge
// extra lines in the body, so they become spaces.
const CONTROL_CHARACTERS = /\p{Cc}+/gu
/** Longest link name quoted in a subject, in characters; longer names end in an ellipsis. */
const SUBJECT_NAME_LIMIT = 120

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })

/** The email telling an owner that their Doc Link was opened for the first time. */
export function composeFirstOpenEmail(notice: FirstOpenNotice): NoticeEmail {
  const name = singleLine(notice.link.name)
  const shortName =
    name.length > SUBJECT_NAME_LIMIT ? `${name.slice(0, SUBJECT_NAME_LIMIT - 1)}…` : name
  const { visit } = notice
  const details: [string, string | undefined][] = [
    ['Link', notice.link.url],
    ['Opened', formatInstant(visit.startedAt)],
    ['Visitor', visit.email],
    ['Company', visit.company === undefined ? undefined : singleLine(visit.company)],
    ['Country', visit.country === undefined ? undefined : countryName(visit.country)],
  ]
  const lines = details
    .filter((detail): detail is [string, string] => detail[1] !== undefined && detail[1] !== '')
    .map(([label, value]) => `${`${label}:`.padEnd(9)}${value}`)
  return {
    subject: `"${shortName}" was opened`,
    text: [
      `Your Doc Link "${name}" was opened for the first time.`,
      '',
      ...lines,
      '',
      'Later opens do not send emails; the link statistics list every visit.',
      '',
    ].join('\n'),
  }
}

function singleLine(value: string): string {
  return value.replace(CONTROL_CHARACTERS, ' ').trim()
}

/** `2025-01-31 23:59 UTC`: minutes are enough to recognise a visit, and UTC is unambiguous. */
function formatInstant(iso: string): string {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return iso
  return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/** `Germany (DE)`, or the bare code when the runtime has no name for it. */
function countryName(code: string): string {
  try {
    const name = regionNames.of(code)
    return name === undefined ? code : `${name} (${code})`
  } catch {
    return code // not a well-formed region code
  }
}
