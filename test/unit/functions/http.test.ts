import { describe, expect, it } from 'vitest'
import { adminHandler } from '../../../functions/lib/admin-http'
import { httpHandler, json } from '../../../functions/lib/http'

describe('httpHandler', () => {
  it('refuses to build a public handler for an admin route, and the reverse', () => {
    expect(() => httpHandler('admin-list-contacts', async () => json(200, {}))).toThrow(
      /admin routes with adminHandler/,
    )
    expect(() => adminHandler('create-contact', async () => json(200, {}))).toThrow(/public/)
  })
})
