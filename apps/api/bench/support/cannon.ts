import autocannon from 'autocannon';

export interface CannonRound {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Answers with a 3xx status: the 304s of conditional requests. */
  status3xx: number;
  requests: number;
}

/** One autocannon round; each request carries the next headers of the list (a session cookie and more), round robin. */
export async function cannonRound(options: {
  url: string;
  path: string;
  seconds: number;
  connections: number;
  headers?: readonly Record<string, string>[];
}): Promise<CannonRound> {
  const headers = options.headers ?? [];
  let next = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: 'GET',
        path: options.path,
        setupRequest: (request) => {
          if (headers.length === 0) return request;
          next = (next + 1) % headers.length;
          return { ...request, headers: { ...request.headers, ...headers[next]! } };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    status3xx: result['3xx'],
    requests: result.requests.total,
  };
}
