import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../env.js';

/**
 * gzip or brotli, as the client's Accept-Encoding allows, for JSON, the page and the built assets (@fastify/static's
 * streams): registered before any route, as its hook is added to each route as it is declared. Its defaults are the
 * rules wanted here: bodies under 1 KB and types that are compressed already (images, fonts) go out as they are, and
 * brotli runs at quality 4, cheap enough per request. Off with COMPRESS_RESPONSES=false when a proxy compresses.
 * Request bodies are not inflated: a small compressed upload must not outgrow the body limits once read.
 */
export async function registerCompression(app: FastifyInstance, config: Pick<Config, 'compressResponses'>): Promise<void> {
  if (!config.compressResponses) return;
  await app.register(fastifyCompress, { globalDecompression: false });
}
