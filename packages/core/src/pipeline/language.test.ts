import { describe, expect, it } from 'vitest'
import {
  detectLanguage,
  languageSample,
  PROSE_SAMPLE_CHARS,
  TEXT_SAMPLE_CHARS,
} from './language.js'

describe('detectLanguage', () => {
  it('names the language of a text as an ISO 639-1 code', async () => {
    expect(
      await detectLanguage(
        'The committee reviewed the budget for the coming year and agreed that the reserve should grow slowly.',
      ),
    ).toBe('en')
    expect(
      await detectLanguage(
        'يصف هذا التقرير استخدام المياه في المنطقة خلال عام ٢٠٢٥، ويقارن بين الأحياء المختلفة من حيث الاستهلاك',
      ),
    ).toBe('ar')
  })

  it('names a language by its own script where the detector knows none written in it', async () => {
    const hebrew =
      'דוח זה מתאר את השימוש במים באזור במהלך שנת 2025, ומשווה בין השכונות השונות מבחינת צריכה ועלות.'
    expect(await detectLanguage(hebrew)).toBe('he')
    expect(
      await detectLanguage(
        'Հաշվետվությունը նկարագրում է տարածաշրջանում ջրի օգտագործումը 2025 թվականին',
      ),
    ).toBe('hy')
    // A few Latin names or codes among its letters are not the detector's to judge by.
    expect(await detectLanguage(`${hebrew} הדוח הוכן בשיתוף UNICEF ו-RO-500.`)).toBe('he')
  })

  it("names a document's language from its prose, not from the rows and addresses around it", async () => {
    const invoice = [
      'Invoice no. INV-2026-0142 Date 28 November 2026 Due date',
      'Northwind Supplies Ltd. 12 Harbour Road Bristol BS1 4QA',
      'Acme Robotics GmbH',
      'Industriestraße 7',
      '80331 München',
      'Description Qty Unit price Amount',
      'Servo motor SM-40 12 € 48.00 € 576.00',
      'Mounting bracket, stainless 24 € 6.50 € 156.00',
      'Controller board v3 2 € 129.00 € 258.00',
      'Subtotal € 1,025.00',
      'Payment by bank transfer to IBAN GB29 NWBK 6016 1331 9268 19, quoting the invoice number. Thank you for your business.',
    ]
    expect(await detectLanguage(invoice.join(' '))).not.toBe('en')
    expect(await detectLanguage(languageSample(invoice))).toBe('en')
    // Without prose enough, the whole text is the sample.
    expect(languageSample(['Alpha 1.2', 'Beta 0.9'])).toBe('Alpha 1.2 Beta 0.9')
  })

  it('samples the start of a long document, not the whole of it', () => {
    const sentence = 'The committee approved the budget for the coming year without changes.'
    const sample = languageSample(Array.from({ length: 5000 }, () => sentence))
    expect(sample.startsWith(`${sentence} ${sentence}`)).toBe(true)
    expect(sample.length).toBe(PROSE_SAMPLE_CHARS)
    const figures = languageSample(Array.from({ length: 5000 }, () => 'Alpha 1.2'))
    // Names and figures say less per character than prose: they are sampled longer.
    expect(figures.length).toBeLessThanOrEqual(TEXT_SAMPLE_CHARS)
    expect(figures.length).toBeGreaterThan(TEXT_SAMPLE_CHARS - 'Alpha 1.2'.length - 1)
  })

  it('names none for too few letters', async () => {
    expect(await detectLanguage('12 34 56 78 90 Table 3')).toBeUndefined()
  })
})
