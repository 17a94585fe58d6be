import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import type { Config } from '../env.js';

/**
 * gzip or brotli, as the client's Accept-Encoding allows, for JSON, the page and the built assets (@fastify/static's
 * streams): registered before any route, as its hook is added to each route as it is declared. Its defaults keep
 * bodies under 1 KB and types that are compressed already (images, fonts) as they are. Off with
 * COMPRESS_RESPONSES=false when a proxy compresses. Request bodies are not inflated: a small compressed upload must not
 * outgrow the body limits once read.
 *
 * Tuned for the answers repeated most, the upcoming breaks (25 to 40 KB of JSON), on two cores:
 * - levels: brotli 2 and gzip 1 still save 81 to 83 % of that answer, as the defaults (brotli 4, gzip 6) do, for about
 *   a third of their CPU: with the defaults the API answered browsers at under a third of its uncompressed rate.
 * - answers up to 64 KB are compressed in one call, not through a zlib stream, whose setup and thread hand-off cost
 *   more than the work at these sizes.
 */
export async function registerCompression(app: FastifyInstance, config: Pick<Config, 'compressResponses'>): Promise<void> {
  if (!config.compressResponses) return;
  await app.register(fastifyCompress, {
    globalDecompression: false,
    syncThreshold: 64 * 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } },
    zlibOptions: { level: 1 },
  });
}
