import { expect } from 'vitest'
import { PdfxApiError } from '../src/index.js'

/** The rejection of `promise`, which must be a PdfxApiError. */
export async function apiError(promise: Promise<unknown>): Promise<PdfxApiError> {
  const error = await promise.then(
    () => expect.unreachable('the call succeeded'),
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(PdfxApiError)
  return error as PdfxApiError
}
