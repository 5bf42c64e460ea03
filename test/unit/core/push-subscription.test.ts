import { describe, expect, it } from 'vitest'
import { pushEndpointProblem } from '../../../functions/core/push-subscription'

describe('pushEndpointProblem', () => {
  it('accepts the push services’ https endpoints', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dY3x:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).toBeUndefined()
    }
  })

  it('refuses what would make the functions POST into a local network or the Lambda runtime', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1:9001/2018-06-01/runtime/invocation/next',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://localhost/x',
      'https://intranet/x',
      'https://db.internal/x',
      'https://printer.local/x',
      'https://user:pass@fcm.googleapis.com/x',
      'not a url',
      `https://fcm.googleapis.com/${'x'.repeat(1000)}`,
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).toEqual(expect.any(String))
    }
  })
})
