import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The router as a slow phone has it: a navigation reaches the location only when the test says so.
const router = vi.hoisted(() => ({
  search: '',
  navigations: [] as string[],
}))
vi.mock('react-router', () => ({
  useLocation: () => ({ pathname: '/solar-calculator', search: router.search, hash: '' }),
  useNavigate: () => (to: { search: string }) => {
    router.navigations.push(to.search)
  },
}))

const { useCalculator } = await import('~/features/solar-calculator/hooks/use-calculator')

afterEach(() => {
  router.search = ''
  router.navigations = []
})

describe('the calculator keeps its fields in the URL', () => {
  it('keeps a second change made before the first one reached the URL', async () => {
    const { result, rerender } = renderHook(() => useCalculator())
    act(() => result.current.update({ bill: '2500' }, 'bill'))
    act(() => result.current.update({ pincode: '500081' }, 'pincode'))
    expect(router.navigations).toEqual([
      '?category=residential&bill=2500',
      '?category=residential&bill=2500&pincode=500081',
    ])
    // The first navigation arrives after the second was written: it is this page's own, not a link opened anew.
    router.search = router.navigations[0] as string
    rerender()
    expect(result.current.fields).toMatchObject({ bill: '2500', pincode: '500081' })
    router.search = router.navigations[1] as string
    rerender()
    expect(result.current.fields).toMatchObject({ bill: '2500', pincode: '500081' })
    await waitFor(() => expect(result.current.report).toBeDefined())
  })

  it('still reads a URL it did not write (a shared link opened, the back button)', () => {
    const { result, rerender } = renderHook(() => useCalculator())
    act(() => result.current.update({ bill: '2500' }, 'bill'))
    router.search = '?category=commercial&bill=40000&pincode=110001'
    rerender()
    expect(result.current.fields).toMatchObject({ category: 'commercial', bill: '40000', pincode: '110001' })
  })
})
