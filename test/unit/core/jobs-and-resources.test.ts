import { comparePlacement, contentLimits, isPublished } from '@core/jobs-and-resources'
import { jobSchema, resourceSchema } from '@core/jobs-and-resources-schema'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'

describe('jobSchema', () => {
  it('accepts a title alone, trims it and fills the other fields with empty text; it is published, not featured', () => {
    expect(validate(jobSchema, { title: '  Site engineer  ' })).toEqual({
      ok: true,
      value: {
        title: 'Site engineer',
        location: '',
        employment_type: '',
        department: '',
        description: '',
        requirements: '',
        state: 'published',
        featured: false,
      },
    })
  })

  it('orders the public lists: featured first by their place, then newest first; drafts are not published', () => {
    const item = (title: string, createdAt: string, more: Record<string, unknown> = {}) => ({
      title,
      createdAt,
      ...more,
    })
    const items = [
      item('old', '2026-01-01T00:00:00Z'),
      item('new', '2026-03-01T00:00:00Z'),
      item('featured, no place', '2026-02-01T00:00:00Z', { featured: true }),
      item('featured second', '2025-01-01T00:00:00Z', { featured: true, order: 2 }),
      item('featured first', '2024-01-01T00:00:00Z', { featured: true, order: 1 }),
      item('placed but not featured', '2020-01-01T00:00:00Z', { order: 1 }),
    ]
    expect([...items].sort(comparePlacement).map((entry) => entry.title)).toEqual([
      'featured first',
      'featured second',
      'featured, no place',
      'placed but not featured',
      'new',
      'old',
    ])
    expect(isPublished({})).toBe(true)
    expect(isPublished({ state: 'published' })).toBe(true)
    expect(isPublished({ state: 'draft' })).toBe(false)
  })

  it('refuses a missing title, non-text fields and overlong text, and drops unknown keys', () => {
    const result = validate(jobSchema, {
      location: 7,
      description: 'x'.repeat(contentLimits.description + 1),
      pk: 'ADMIN',
    })
    expect(result).toEqual({
      ok: false,
      fields: {
        title: 'Title is required',
        location: 'Location must be text',
        description: `Description must be at most ${contentLimits.description} characters`,
      },
    })
    const ok = validate(jobSchema, { title: 'A', pk: 'ADMIN', id: 'mine' })
    expect(ok.ok && Object.keys(ok.value)).not.toContain('pk')
    expect(ok.ok && Object.keys(ok.value)).not.toContain('id')
  })
})

describe('resourceSchema', () => {
  it('accepts an uploaded file path, an https address or no file', () => {
    for (const file_url of ['/files/resources/1-guide.pdf', 'https://example.com/a.pdf', '', undefined]) {
      const result = validate(resourceSchema, { title: 'Guide', resource_type: 'pdf', file_url })
      expect(result.ok).toBe(true)
    }
  })

  it('refuses script, data and relative addresses as the file URL', () => {
    for (const file_url of ['javascript:alert(1)', 'data:text/html,x', '../secret', '/admin', 'https://']) {
      const result = validate(resourceSchema, { title: 'Guide', file_url })
      expect(result).toMatchObject({ ok: false, fields: { file_url: expect.stringContaining('File URL') } })
    }
  })
})
