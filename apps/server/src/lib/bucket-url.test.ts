import { describe, expect, it } from 'vitest';
import { parseBucketUrl } from './bucket-url.js';

describe('S3_URL', () => {
  it('reads the endpoint, the keys, the bucket and its options', () => {
    expect(parseBucketUrl('http://KEY:se%2Fcret@127.0.0.1:4569/images')).toEqual({
      endpoint: 'http://127.0.0.1:4569',
      bucket: 'images',
      region: 'us-east-1',
      accessKeyId: 'KEY',
      secretAccessKey: 'se/cret',
      forcePathStyle: true,
    });
    expect(
      parseBucketUrl(
        'https://A:B@s3.eu-central-1.amazonaws.com/pm-images?region=eu-central-1&path-style=false',
      ),
    ).toMatchObject({ region: 'eu-central-1', forcePathStyle: false, bucket: 'pm-images' });
  });

  it.each([
    ['no keys', 'http://127.0.0.1:4569/images'],
    ['no bucket', 'http://A:B@127.0.0.1:4569/'],
    ['a folder in the bucket', 'http://A:B@127.0.0.1:4569/images/more'],
    ['another scheme', 's3://A:B@127.0.0.1/images'],
    ['not an address', 'images'],
  ])('refuses %s', (_label, value) => {
    expect(parseBucketUrl(value)).toBeUndefined();
  });
});
