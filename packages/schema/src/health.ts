import { z } from 'zod'

/** Body of `GET /health` while the server can take requests. */
export const HealthSchema = z.strictObject({ status: z.literal('ok') })
/** A health check answer. */
export type Health = z.infer<typeof HealthSchema>
