import { setNewPasswordCostForTests } from '../../functions/lib/auth/passwords'

// The staff these files create (setAdminPassword) get a cheap scrypt cost: the files sign in some fifty
// times, and at the real cost (N = 2^17: half a second of CPU and 128 MiB each, seconds on a busy machine)
// those sign-ins were a large share of the suite's time. The cost travels with each hash, so the stand-in's
// login checks it cheaply too; users added through the workspace still get the real cost. The cost itself is
// tested where it is set (test/unit/functions/passwords.test.ts, test/integration/repositories.test.ts).
setNewPasswordCostForTests({ N: 2 ** 10, r: 8, p: 1 })
