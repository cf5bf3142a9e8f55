import type { BucketConfig } from '../../lib/bucket-url.js';
import type { ImageBucket } from './bucket.js';

/**
 * The images' bucket when `S3_URL` names one. The AWS SDK is loaded only then, so a command or an
 * instance without a bucket never spends the time and memory it takes.
 */
export async function openBucket(config: BucketConfig | undefined): Promise<ImageBucket | undefined> {
  if (!config) return undefined;
  const { ImageBucket } = await import('./bucket.js');
  return new ImageBucket(config);
}
