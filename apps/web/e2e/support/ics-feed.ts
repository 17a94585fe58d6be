import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface IcsFeed {
  url: string;
  close: () => Promise<void>;
}

/** Serves `ics` as a calendar feed on 127.0.0.1 and a free port (the e2e stacks allow private feed addresses). */
export async function serveIcsFeed(ics: string): Promise<IcsFeed> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(ics);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/calendar.ics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
