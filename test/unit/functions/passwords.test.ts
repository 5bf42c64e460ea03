import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  decoyPasswordHash,
  generatePassword,
  hashPassword,
  mayBeGeneratedPassword,
  setDecoyScryptParamsForTests,
  verifyPassword,
} from '../../../functions/lib/auth/passwords'

const fast = { N: 2 ** 10, r: 8, p: 1 }
/** A hash at the real cost is two seconds of CPU here, and several times that on a busy machine. */
const realCostTimeout = 30_000

describe('passwords', () => {
  it('stores the scrypt parameters with the hash', async () => {
    const hash = await hashPassword('correct horse battery staple', fast)
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/)
  })

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery staple', fast)
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true)
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false)
  })

  it('salts every hash', async () => {
    const [first, second] = await Promise.all([hashPassword('same', fast), hashPassword('same', fast)])
    expect(first).not.toBe(second)
  })

  it('never matches a malformed stored hash', async () => {
    for (const stored of ['', 'plain', 'scrypt$3$8$1$abc$def', 'bcrypt$1024$8$1$a$b', 'scrypt$1024$8$1$$']) {
      expect(await verifyPassword('anything', stored)).toBe(false)
    }
  })

  it(
    'uses the default cost of N = 2^17 when none is given',
    async () => {
      const hash = await hashPassword('slow but safe')
      expect(hash.split('$').slice(1, 4)).toEqual(['131072', '8', '1'])
      expect(await verifyPassword('slow but safe', hash)).toBe(true)
    },
    realCostTimeout,
  )

  describe('the decoy hash an unknown user is checked against', () => {
    afterEach(() => {
      vi.unstubAllEnvs()
      setDecoyScryptParamsForTests()
    })

    it('is cheaper only when a test asks for it', async () => {
      setDecoyScryptParamsForTests(fast)
      expect((await decoyPasswordHash()).split('$').slice(1, 4)).toEqual(['1024', '8', '1'])
    })

    it(
      "otherwise costs what a user's hash costs, N = 2^17 (again after a test lowered it), made once",
      async () => {
        const decoy = await decoyPasswordHash()
        expect(decoy.split('$').slice(1, 4)).toEqual(['131072', '8', '1'])
        expect(await decoyPasswordHash()).toBe(decoy)
      },
      realCostTimeout,
    )

    it('cannot be made cheaper outside Vitest (npm start, the cloud)', () => {
      vi.stubEnv('VITEST', '')
      expect(() => setDecoyScryptParamsForTests(fast)).toThrow('Vitest only')
    })
  })

  it('generates long random passwords', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()))
    expect(passwords.size).toBe(50)
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z2-9]{20}$/)
  })

  it('tells a password that cannot be a generated one by its shape', () => {
    for (let index = 0; index < 50; index += 1) expect(mayBeGeneratedPassword(generatePassword())).toBe(true)
    // Too short or long, or a character the generator never uses (ambiguous ones, space, punctuation).
    for (const other of [
      'my own long password',
      'ABCDEFGHJKLMNPQRSTUV1',
      'ABCDEFGHJKLMNPQRSTU',
      'ABCDEFGHJKLMNPQRSTUO',
      'ABCDEFGHJKLMNPQRSTl2',
    ]) {
      expect(mayBeGeneratedPassword(other), other).toBe(false)
    }
  })
})
