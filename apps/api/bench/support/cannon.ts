import autocannon from 'autocannon';

export interface CannonRound {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

/** One autocannon round; each request carries the next session cookie of the list, round robin. */
export async function cannonRound(options: {
  url: string;
  path: string;
  seconds: number;
  connections: number;
  cookies?: readonly string[];
}): Promise<CannonRound> {
  const cookies = options.cookies ?? [];
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
          if (cookies.length === 0) return request;
          next = (next + 1) % cookies.length;
          return { ...request, headers: { ...request.headers, cookie: cookies[next]! } };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}
