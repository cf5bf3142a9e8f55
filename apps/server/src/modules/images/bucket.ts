import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { BucketConfig } from '../../lib/bucket-url.js';

/**
 * The images' bucket, through the AWS SDK for JavaScript v3. The image store keeps a local copy of what
 * it writes or reads (its folder is a cache of the bucket); the bucket is what every instance shares.
 */
export class ImageBucket {
  private readonly client: S3Client;
  readonly name: string;

  constructor(config: BucketConfig) {
    this.name = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where the API requires them: S3-compatible servers that do not know the newer
      // checksum headers otherwise store a streamed upload with its chunk framing (see decision 23).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  /**
   * Uploads a finished local file under `key`. The SDK cannot send a streamed body twice, so a try that
   * fails on the way (a kept-alive connection the server has just closed, a 5xx) is made again here with
   * the file read afresh.
   */
  async put(key: string, file: string): Promise<void> {
    const { size } = await fs.promises.stat(file);
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.name,
            Key: key,
            Body: fs.createReadStream(file),
            ContentLength: size,
            ContentType: 'image/webp',
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
        return;
      } catch (error) {
        if (attempt >= PUT_ATTEMPTS || !worthRetrying(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
    }
  }

  /** Downloads `key` into `file` (written whole or not at all); false when there is no such object. */
  async fetch(key: string, file: string): Promise<boolean> {
    let body: Readable;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.name, Key: key }));
      body = answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
    const temporary = `${file}.${process.pid}.${Date.now()}.download`;
    try {
      await pipeline(body, fs.createWriteStream(temporary));
      await fs.promises.rename(temporary, file);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
    return true;
  }

  /** Removes these keys; missing ones are fine. */
  async delete(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.name,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  /** Every key that starts with `prefix`, with when it was written. */
  async *list(prefix = ''): AsyncIterable<{ key: string; modified: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.name, Prefix: prefix, ContinuationToken: token }),
      );
      for (const entry of page.Contents ?? []) {
        if (entry.Key) yield { key: entry.Key, modified: entry.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Succeeds when the bucket answers. */
  async probe(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.name }));
  }

  close(): void {
    this.client.destroy();
  }
}

/** Tries of one upload: the first and two more. */
const PUT_ATTEMPTS = 3;

/** A refusal (4xx) stays a refusal; a dropped connection, a timeout or a server error may pass. */
function worthRetrying(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

function isMissing(error: unknown): boolean {
  const details = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    details.name === 'NoSuchKey' || details.name === 'NotFound' || details.$metadata?.httpStatusCode === 404
  );
}
