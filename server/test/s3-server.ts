// A real S3-protocol server for tests of the bucket store (decision 195): s3rver from npm,
// started in the test's own process on a free port, its objects in a temporary folder. It speaks the
// S3 REST protocol with SigV4 signatures, multipart uploads, ranges, ListObjectsV2 and DeleteObjects.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** The S3_* variables that point the API at this server's bucket. */
  env: Record<string, string>;
  bucket: string;
  endpoint: string;
  close(): Promise<void>;
}

/** s3rver's fixed credentials. */
const credentials = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'profiles-s3-'));
  const bucket = `profiles-test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1', ...credentials },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
