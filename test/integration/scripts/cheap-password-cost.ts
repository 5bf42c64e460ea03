import { setNewPasswordCostForTests } from '../../../functions/lib/auth/passwords'

// The passwords the admin CLI sets in the tests (create-user, reset-password) are hashed at a test's cost:
// the CLI tests set about twenty, each at the real cost (N = 2^17) half a second of CPU and 128 MiB in a
// process of its own. The setter runs under Vitest only (VITEST, which the tests' child processes inherit).
// The real cost of a password set this way is tested in process (test/integration/repositories.test.ts,
// test/unit/functions/passwords.test.ts), and `npm run admin` (tsx infra/admin-cli.ts) never imports this.
setNewPasswordCostForTests({ N: 2 ** 10, r: 8, p: 1 })
