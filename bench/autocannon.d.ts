// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    type Request = {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request) => Request;
    };
    type Options = {
      url: string;
      connections: number;
      pipelining: number;
      /** Seconds before a request is given up on. */
      timeout?: number;
      duration?: number;
      amount?: number;
      /** Milliseconds between samples; a run stops only at a sample, so `duration` is a multiple of it. */
      sampleInt?: number;
      requests: Request[];
    };
    type Histogram = { average: number; total: number; p50: number; p99: number };
    type Result = {
      /** Seconds. */
      duration: number;
      requests: Histogram;
      latency: Histogram;
      '2xx': number;
      non2xx: number;
      errors: number;
      timeouts: number;
    };
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
