import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiMethod, apiPath } from '~/lib/api/client'
import { routes } from '../../../functions/routes'

const appDir = join(import.meta.dirname, '../../../web/app')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('the web API client', () => {
  it('builds each path from the route table, filling and encoding its parameters', () => {
    expect(apiPath('admin-list-jobs')).toBe('/api/admin/jobs')
    expect(apiPath('admin-delete-job', { id: 'a b/c' })).toBe('/api/admin/jobs/a%20b%2Fc')
    expect(apiPath('admin-export-kind', { kind: 'quotes' })).toBe('/api/admin/export/quotes')
    expect(apiPath('admin-list-quotes', undefined, { cursor: 'x=1' })).toBe('/api/admin/quotes?cursor=x%3D1')
    expect(apiPath('admin-list-quotes', undefined, { cursor: undefined })).toBe('/api/admin/quotes')
  })

  it('takes every route the table lists, with its method', () => {
    for (const route of routes) {
      const params = Object.fromEntries(
        [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => [match[1], 'x']),
      )
      const path = (apiPath as (id: string, params?: Record<string, string>) => string)(route.id, params)
      expect(path).toBe(route.path.replace(/\{[^}]+\}/g, 'x'))
      expect(apiMethod(route.id)).toBe(route.method)
    }
  })

  it('refuses a route id the table does not have, and a missing path parameter', () => {
    expect(() => (apiPath as (id: string) => string)('no-such-route')).toThrow(/Unknown API route/)
    expect(() => (apiPath as (id: string, params: object) => string)('admin-delete-job', {})).toThrow(/id/)
  })

  it('is the only way the web names an API path: no /api/ string literal in web/app', () => {
    const offenders = sourceFiles(appDir).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => /['"`]\/api\//.test(line))
        .map(({ index }) => `${relative(appDir, file)}:${index + 1}`),
    )
    expect(offenders).toEqual([])
  })
})
