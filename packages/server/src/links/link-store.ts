import type { BlobReader } from './blob-store.js'

/** A Doc Link as stored. Instants are ISO 8601 UTC strings with milliseconds. */
export interface LinkRecord {
  id: string
  accountId: string
  slug: string
  name: string
  blobKey: string
  sizeBytes: number
  sha256: string
  createdAt: string
  expiresAt: string | null
  revokedAt: string | null
  notifyOnOpen: boolean
  allowDownload: boolean
}

/** Whether a link serves: revoked answers 404 everywhere, expired 410. */
export type LinkAvailability = 'active' | 'revoked' | 'expired'

/** Revocation wins over expiry: a revoked link is gone, whatever its date. */
export function availabilityOf(link: LinkRecord, now: Date): LinkAvailability {
  if (link.revokedAt !== null) return 'revoked'
  if (link.expiresAt !== null && Date.parse(link.expiresAt) <= now.getTime()) return 'expired'
  return 'active'
}

/** What a counted open records; the viewer resolves the visitor and the insights first. */
export interface NewVisit {
  linkId: string
  visitor: string
  dailyHash: string
  email?: string | undefined
  country?: string | undefined
  company?: string | undefined
  network?: 'isp' | 'hosting' | undefined
  device?: 'desktop' | 'mobile' | 'tablet' | undefined
}

/** A started visit; `firstOpen` is true for exactly one visit of a link, ever. */
export interface StartedVisit {
  visitId: string
  startedAt: string
  firstOpen: boolean
  /** The outbox row of the first-open notice, when this visit queued one. */
  noticeId?: string
}

/** Writes the first-open email for the link's owner. */
export type ComposeNotice = (ownerEmail: string) => { subject: string; text: string }

/** What the viewer needs of an open visit. */
export interface VisitState {
  id: string
  linkId: string
  visitor: string
  startedAt: string
  lastSeenAt: string
}

/** Dwell reported for one page; pages count from 1. */
export interface PageDwell {
  page: number
  ms: number
}

/** Doc Link records, visits and page dwell, on the store's database. */
export interface LinkStore {
  findBySlug(slug: string): Promise<LinkRecord | null>
  /** The visitor of a visit of this link with this daily hash started at or after `since`. */
  findVisitorByDailyHash(linkId: string, dailyHash: string, since: Date): Promise<string | null>
  /**
   * Records a counted open and claims the link's first open atomically. The visit that claims it
   * queues `notice` in the outbox in the same transaction, so that the notice is neither lost
   * nor doubled by a crash or by concurrent first opens.
   */
  startVisit(visit: NewVisit, now: Date, notice?: ComposeNotice): Promise<StartedVisit>
  getVisit(visitId: string): Promise<VisitState | null>
  /**
   * Adds dwell to a visit (already validated and clamped by the caller), moves `last_seen_at` to
   * `now` and updates the visit's duration and count of pages viewed, in one transaction.
   */
  recordDwell(visitId: string, dwell: readonly PageDwell[], now: Date): Promise<void>
  /** The stored PDF of a link as a stream, or null when its bytes are gone. */
  openPdf(link: LinkRecord): Promise<BlobReader | null>
}
