/** Where `S3_URL` points: an S3-compatible endpoint, a bucket and the keys to it. */
export interface BucketConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: most S3-compatible servers. */
  forcePathStyle: boolean;
}

/**
 * `S3_URL`: `http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[?region=eu-central-1&path-style=false]`.
 * Undefined for a value that is not such an address (the configuration says why).
 */
export function parseBucketUrl(value: string): BucketConfig | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!/^https?:$/.test(url.protocol) || !bucket || bucket.includes('/') || !url.username || !url.password) {
    return undefined;
  }
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    region: url.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    forcePathStyle: url.searchParams.get('path-style') !== 'false',
  };
}
