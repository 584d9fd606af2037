// Where uploaded bytes live (decision 195): this machine's uploads folder (the default), or
// an S3-compatible bucket shared by every API process. An upload is first spooled to this machine's
// `incomingDir` and checked by content there (service.ts); only a checked file is put into the store,
// so nothing unchecked is ever visible and a refused or cancelled upload never reaches the bucket.
import { createReadStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config, S3Config } from '../../config.ts';

/** Bytes `start` to `end`, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  name: string;
  modifiedAt: Date;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** This machine's folder where uploads are written and checked before they go into the store. */
  readonly incomingDir: string;
  /** Puts the checked file at `localPath` into the store as `name`; the local file may be consumed. */
  put(name: string, localPath: string, info: { size: number; contentType: string }): Promise<void>;
  /** The stored bytes (or a range of them); undefined when the store has no such object. */
  open(name: string, range?: ByteRange): Promise<Readable | undefined>;
  /** Removes the objects; missing ones are not an error. */
  remove(names: readonly string[]): Promise<void>;
  /** Every stored object (for the start-up sweep and moving a folder into a bucket). */
  list(): AsyncIterable<StoredObject>;
  /** Rejects when the store cannot take files now: the folder not writable, the bucket unreachable (readiness). */
  check(): Promise<void>;
  close(): void;
}

/** The uploads folder on this machine: files sit next to each other under their generated names. */
export function createLocalStore(uploadsDir: string): FileStore {
  const incomingDir = path.join(uploadsDir, '.incoming');
  return {
    kind: 'local',
    incomingDir,
    async check() {
      await mkdir(uploadsDir, { recursive: true });
      await access(uploadsDir, constants.W_OK);
    },
    async put(name, localPath) {
      await mkdir(uploadsDir, { recursive: true });
      const target = path.join(uploadsDir, name);
      try {
        await rename(localPath, target);
      } catch (error) {
        // The spool folder on another file system (a mounted volume): copy, then the caller removes the spool.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(localPath, target);
      }
    },
    async open(name, range) {
      const file = path.join(uploadsDir, name);
      const found = await stat(file).catch(() => undefined);
      if (!found?.isFile()) return undefined;
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(path.join(uploadsDir, name), { force: true })));
    },
    async *list() {
      for (const entry of await readdir(uploadsDir, { withFileTypes: true }).catch(() => [])) {
        if (!entry.isFile()) continue;
        const found = await stat(path.join(uploadsDir, entry.name)).catch(() => undefined);
        if (found) yield { name: entry.name, modifiedAt: found.mtime };
      }
    },
    close() {},
  };
}

/** The S3 client for a configuration: path-style addressing for MinIO, Ceph and test servers. */
export function s3ClientOf(s3: S3Config): S3Client {
  return new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
    // The SDK's default CRC32 checksums send streamed bodies as aws-chunked with trailers, which
    // several S3-compatible stores (and the test server) refuse; checksums only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph), objects under `prefix`. */
export function createS3Store(s3: S3Config, incomingDir: string, client: S3Client = s3ClientOf(s3)): FileStore {
  const key = (name: string) => `${s3.prefix}${name}`;
  return {
    kind: 's3',
    incomingDir,
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
    },
    async put(name, localPath, info) {
      // Streamed multipart: at most queueSize parts of partSize in memory, whatever the file's size.
      // On failure the SDK aborts the multipart upload, so no parts stay behind in the bucket.
      const upload = new Upload({
        client,
        params: {
          Bucket: s3.bucket,
          Key: key(name),
          Body: createReadStream(localPath),
          ContentType: info.contentType,
          ContentLength: info.size,
        },
        partSize: 5 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async open(name, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: s3.bucket, Key: key(name), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        return answer.Body as Readable | undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(names) {
      for (let at = 0; at < names.length; at += 1000) {
        const batch = names.slice(at, at + 1000);
        await client.send(
          new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: batch.map((name) => ({ Key: key(name) })), Quiet: true } }),
        );
      }
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: s3.prefix || undefined, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { name: object.Key.slice(s3.prefix.length), modifiedAt: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    close() {
      client.destroy();
    },
  };
}

/** The store the configuration names: the bucket when S3_BUCKET is set, the uploads folder otherwise. */
export function createFileStore(config: Pick<Config, 'uploadsDir' | 's3'>): FileStore {
  return config.s3 ? createS3Store(config.s3, path.join(config.uploadsDir, '.incoming')) : createLocalStore(config.uploadsDir);
}
