import { beforeAll, describe, expect, it } from 'vitest'
import { adminCaller, type StaffHeaders, saveTestStaff } from '../support/admin-handlers'
import { withTestEngines } from '../support/local-server'

/** Editing jobs and resources, drafts and placement, in process on dynalite with real users and roles. */
const headers: StaffHeaders = {}
const call = adminCaller(headers)
const create = (body: unknown) => call('admin-create-job', 'esha', { body })
const update = (as: string, id: string, body: unknown) =>
  call('admin-update-job', as, { pathParameters: { id }, body })
const publicTitles = async () =>
  (await call('list-jobs', undefined)).body.map((job: { title: string }) => job.title)

withTestEngines()
beforeAll(async () => {
  await saveTestStaff(headers, [
    ['esha', 'editor'],
    ['sunil', 'sales'],
  ])
})

describe('content editing', () => {
  it('keeps drafts off the public list, publishes them, and lists featured items first by their place', async () => {
    const first = await create({ title: 'Site engineer' })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ state: 'published', featured: false })
    const draft = await create({ title: 'Solar designer', state: 'draft' })
    const third = await create({ title: 'Electrician' })
    expect(await publicTitles()).toEqual(['Electrician', 'Site engineer'])

    const published = await update('esha', draft.body.id, {
      title: 'Senior solar designer',
      state: 'published',
      featured: true,
      order: 2,
    })
    expect(published.status).toBe(200)
    expect(published.body).toMatchObject({
      id: draft.body.id,
      title: 'Senior solar designer',
      featured: true,
      order: 2,
    })
    expect(published.body.createdAt).toBe(draft.body.createdAt)
    await update('esha', first.body.id, { title: 'Site engineer', featured: true, order: 1 })
    expect(await publicTitles()).toEqual(['Site engineer', 'Senior solar designer', 'Electrician'])

    // Every editable field is given: leaving the order out removes it; a draft leaves the public list.
    const unplaced = await update('esha', first.body.id, { title: 'Site engineer', state: 'draft' })
    expect(unplaced.body).not.toHaveProperty('order')
    expect(await publicTitles()).toEqual(['Senior solar designer', 'Electrician'])
    const admin = await call('admin-list-jobs', 'esha')
    expect(
      admin.body.items.map((job: { title: string; state: string }) => `${job.title}:${job.state}`),
    ).toEqual(['Electrician:published', 'Senior solar designer:published', 'Site engineer:draft'])
    expect(third.status).toBe(201)
  })

  it('refuses a bad edit with the field, an unknown id with 404, and a sales user with 403', async () => {
    const job = await create({ title: 'Fitter' })
    const bad = await update('esha', job.body.id, { title: '', order: 0, state: 'hidden', featured: 'yes' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields).sort()).toEqual(['featured', 'order', 'state', 'title'])
    expect((await update('esha', '0190c0de-0000-7000-8000-00000000abcd', { title: 'Ghost' })).status).toBe(
      404,
    )
    expect((await update('esha', 'not-an-id', { title: 'Ghost' })).status).toBe(404)
    expect((await update('sunil', job.body.id, { title: 'Sales edit' })).status).toBe(403)
    expect((await call('admin-list-jobs', 'esha')).body.items[0]).toMatchObject({ title: 'Fitter' })
  })
})
