/**
 * Room to grow: CloudFormation takes at most 500 resources per stack. Each route must cost at most
 * `resourcesPerRoute` resources in the main stack, the stack must stay under 300 today, and no stack of the
 * app may pass 400 (so a hundred routes still fit). Measured on the real SiteStack, with fake routes added to
 * the route table for the growth.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Stack } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ApiRoute } from '../../functions/routes'
import { routes } from '../../functions/routes'
import { bundleFileName, resourcesPerRoute } from '../../infra/constructs/api'
import { type FakeBuild, makeFakeBuild } from '../support/cdk-stack'

// A copy of the route table this file may add routes to (stack.ts and api.ts read it when a stack is made).
vi.mock('../../functions/routes', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../functions/routes')>()
  return { ...original, routes: [...original.routes] }
})

/** CloudFormation's limit is 500; this leaves room for a stack that grows between two checks. */
const stackCeiling = 400
/**
 * The main stack today (71 routes: 270 resources). Raised from 250 with the privacy routes; the hundred
 * routes of the design still fit under `stackCeiling`, which the growth check below holds.
 */
const mainStackCeiling = 300
/** The route table the design must hold. */
const designRoutes = 100

const resourceCount = (stack: Stack): number =>
  Object.keys(Template.fromStack(stack).toJSON().Resources ?? {}).length

/** Every stack of the stack's app (nested stacks and companion stacks included). */
const stacksOf = (stack: Stack): Stack[] =>
  stack.node.root.node.findAll().filter((construct): construct is Stack => Stack.isStack(construct))

let build: FakeBuild
let today: Stack
let todayCount: number
let grownCount: number
const added = 10

beforeAll(() => {
  build = makeFakeBuild()
  today = build.stack('TodaySite')
  todayCount = resourceCount(today)
  // Ten more admin routes like an existing one, each with its own bundle.
  const model = routes.find((route) => route.id === 'admin-list-jobs') as ApiRoute
  const table = routes as unknown as ApiRoute[]
  const count = table.length
  for (let index = 0; index < added; index++) {
    const id = `grow-${index}`
    table.push({ ...model, id, path: `/api/admin/grow-${index}` } as ApiRoute)
    mkdirSync(join(build.functionsDir, id), { recursive: true })
    writeFileSync(join(build.functionsDir, id, bundleFileName), 'export const handler = async () => ({})\n')
  }
  try {
    grownCount = resourceCount(build.stack('GrownSite'))
  } finally {
    table.splice(count)
  }
}, 120_000)
afterAll(() => build.remove())

describe('room to grow', () => {
  it(`adds at most ${resourcesPerRoute} resources to the main stack per route`, () => {
    expect(resourcesPerRoute).toBeLessThanOrEqual(3)
    expect((grownCount - todayCount) / added).toBeLessThanOrEqual(resourcesPerRoute)
  })

  it(`keeps the main stack under ${mainStackCeiling} resources today`, () => {
    expect(todayCount).toBeLessThan(mainStackCeiling)
  })

  it(`keeps every stack of the app at or below ${stackCeiling} resources`, () => {
    const stacks = stacksOf(today)
    expect(stacks.length).toBeGreaterThan(0)
    for (const stack of stacks)
      expect(resourceCount(stack), stack.stackName).toBeLessThanOrEqual(stackCeiling)
  })

  it(`holds ${designRoutes} routes within ${stackCeiling} resources at that rate`, () => {
    const perRoute = (grownCount - todayCount) / added
    expect(todayCount + (designRoutes - routes.length) * perRoute).toBeLessThanOrEqual(stackCeiling)
  })
})
