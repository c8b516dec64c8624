import { describe, expect, it } from 'vitest'
import { detectLanguage } from './language.js'

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
  })

  it('names none for too few letters', async () => {
    expect(await detectLanguage('12 34 56 78 90 Table 3')).toBeUndefined()
  })
})
