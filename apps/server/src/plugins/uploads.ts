import fs from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { LIMITS } from '@portfolio-master/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { receiveFile, type ReceivedFile } from '../lib/uploads.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Temporary files of this request's multipart body, removed when the request ends. */
    receivedFiles: ReceivedFile[] | null;
  }
}

/**
 * Multipart bodies as key/values, with each file streamed to a temporary file in `incomingDir` (a running
 * byte count stops it at the size limit) instead of collected in memory. The parser runs in a
 * preValidation hook, after the routes' onRequest hooks: who may upload is settled before a byte is read.
 */
export async function registerUploads(app: FastifyInstance, incomingDir: string): Promise<void> {
  app.decorateRequest('receivedFiles', null);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      fileSize: LIMITS.images.maxBytes,
      files: LIMITS.images.maxFiles,
      fields: 50,
      fieldSize: 100 * 1024,
      parts: 60,
    },
    async onFile(this: FastifyRequest, part) {
      const received = await receiveFile(part.file, incomingDir);
      (this.receivedFiles ??= []).push(received);
      // Under 'keyValues' the body carries each part's value.
      (part as { value?: unknown }).value = received;
    },
  });
  const removeReceived = async (request: FastifyRequest) => {
    const files = request.receivedFiles;
    if (!files) return;
    request.receivedFiles = null;
    await Promise.all(files.map((file) => fs.rm(file.path, { force: true })));
  };
  // Before the answer goes out, so a client that has its answer finds nothing of its upload left; a
  // request that never gets one loses its files when it is aborted, and a crash leaves them to the sweep.
  app.addHook('onSend', async (request) => removeReceived(request));
  app.addHook('onRequestAbort', removeReceived);
}
