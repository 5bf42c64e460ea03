import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseSmokeArgs } from '../../../infra/smoke'

const read = (name: string) =>
  readFileSync(new URL(`../../../.github/workflows/${name}`, import.meta.url), 'utf8')
const pipeline = read('deploy.yml')
const stageWorkflow = read('deploy-stage.yml')

/** The lines of one job of a workflow (from `  <job>:` to the next job), read from the YAML text. */
function job(workflow: string, name: string): string {
  const match = new RegExp(`\\n {2}${name}:\\n((?: {4}.*\\n|\\s*\\n|\\s*#.*\\n)*)`).exec(workflow)
  if (!match?.[1]) throw new Error(`No job ${name}`)
  return match[1]
}

/** Runs the stage workflow's choice of canonical origin (its POSIX `case … esac`) for a deployed site URL. */
function canonicalOriginFor(siteUrl: string): string {
  const snippet = /case "\$site_url" in[\s\S]*?esac/.exec(stageWorkflow)?.[0]
  if (!snippet) throw new Error('No case of site_url in deploy-stage.yml')
  return execFileSync('sh', ['-c', `${snippet}\nprintf %s "$canonical_origin"`], {
    env: { PATH: process.env.PATH ?? '', site_url: siteUrl },
    encoding: 'utf8',
  })
}

describe('deploy pipeline (.github/workflows/deploy.yml)', () => {
  it('deploys staging after the tests, and prod only after staging', () => {
    const staging = job(pipeline, 'staging')
    const prod = job(pipeline, 'prod')
    expect(staging).toMatch(/needs: test\n/)
    expect(staging).toMatch(/uses: \.\/\.github\/workflows\/deploy-stage\.yml\n/)
    expect(staging).toMatch(/stage: staging\n/)
    expect(prod).toMatch(/needs: staging\n/)
    expect(prod).toMatch(/uses: \.\/\.github\/workflows\/deploy-stage\.yml\n/)
    expect(prod).toMatch(/stage: prod\n/)
  })

  it("runs each stage in the GitHub environment of its name (prod's required reviewers are the approval)", () => {
    const deploy = job(stageWorkflow, 'deploy')
    expect(deploy).toMatch(/environment: \$\{\{ inputs\.stage \}\}\n/)
    expect(deploy).toMatch(/-c stage="\$STAGE"/)
    // The stage's e-mails and domain come from its own block in cdk.json, never from the command line.
    expect(deploy).not.toMatch(/-c (notificationEmail|leadsEmail|alarmEmail|domainName)=/)
  })

  it('smoke-tests with --canonical-origin none a stage without a custom domain, and with its domain otherwise', () => {
    expect(stageWorkflow).toMatch(
      /npm run smoke --\n\s+"\$\{\{ steps\.outputs\.outputs\.site-url \}\}"\n\s+--canonical-origin "\$\{\{ steps\.outputs\.outputs\.canonical-origin \}\}"/,
    )
    expect(canonicalOriginFor('https://d111111abcdef8.cloudfront.net')).toBe('none')
    expect(canonicalOriginFor('https://www.example.in')).toBe('https://www.example.in')
    // What the smoke test makes of both.
    expect(
      parseSmokeArgs(['https://d111111abcdef8.cloudfront.net', '--canonical-origin', 'none']),
    ).toMatchObject({
      canonicalOrigin: null,
    })
    expect(
      parseSmokeArgs([
        'https://www.example.in',
        '--canonical-origin',
        canonicalOriginFor('https://www.example.in'),
      ]),
    ).toMatchObject({ canonicalOrigin: 'https://www.example.in' })
  })
})
