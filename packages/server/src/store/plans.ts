import type { Plan } from '@pdfx/schema'

/** Pages a plan may extract per UTC calendar month before purchased credits are used (SPEC §8). */
export const PLAN_MONTHLY_PAGES = {
  free: 500,
  pro: 10_000,
} as const satisfies Record<Plan, number>

/** Monthly page quota of a plan. */
export function monthlyPageQuota(plan: Plan): number {
  return PLAN_MONTHLY_PAGES[plan]
}
