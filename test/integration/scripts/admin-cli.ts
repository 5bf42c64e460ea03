/**
 * The admin CLI as the integration tests bundle and run it (test/integration/global-setup.ts): the very
 * script, run after the test cost of new passwords is set. ES modules run in the order they are imported, so
 * the cost is set before the CLI's first line.
 */
import './cheap-password-cost'
import '../../../infra/admin-cli'
