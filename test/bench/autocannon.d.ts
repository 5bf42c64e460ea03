/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string
    method?: string
    connections?: number
    duration?: number
    amount?: number
    headers?: Record<string, string>
    body?: string
    /** A sequence of requests; setupRequest may change each one before it is sent. */
    requests?: {
      method?: string
      setupRequest?: (request: RequestParams) => RequestParams
    }[]
  }
  interface RequestParams {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }
  interface Histogram {
    average: number
    p50: number
    p99: number
    total: number
  }
  interface Result {
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    latency: Histogram
    requests: Histogram
  }
  export default function autocannon(options: Options): Promise<Result>
}
