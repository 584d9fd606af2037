// `npm run uploads:to-s3 [-- --remove-local]`: moves the files of DATA_DIR/uploads into the bucket the
// S3_* variables name (decision 195), against the configured database. Run it before the API
// processes start with S3_BUCKET set; it can be run again and copies only what is missing.
import { loadConfig } from '../server/config.ts';
import { openConfiguredDatabase } from '../server/main.ts';
import { moveUploadsToBucket } from '../server/uploads/move-to-bucket.ts';
import { createLocalStore, createS3Store } from '../server/shared/uploads/store.ts';

const config = loadConfig();
if (!config.s3) {
  process.stderr.write('\nSet S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as the store needs) first.\n\n');
  process.exit(1);
}
const removeLocal = process.argv.includes('--remove-local');
const { database, release } = await openConfiguredDatabase(config);
const local = createLocalStore(config.uploadsDir);
const bucket = createS3Store(config.s3, local.incomingDir);
try {
  const report = await moveUploadsToBucket(database.db, { dir: config.uploadsDir, store: local }, bucket, {
    removeLocal,
    onProgress: (r) =>
      process.stdout.write(`\r  ${r.copied} copied, ${r.alreadyThere} already in the bucket, ${(r.bytes / 1024 / 1024).toFixed(1)} MB`),
  });
  process.stdout.write(
    `\nMoved uploads from ${config.uploadsDir} to s3://${config.s3.bucket}/${config.s3.prefix}: ${report.copied} copied, ` +
      `${report.alreadyThere} were there already, ${report.unknown} unknown to the database left alone` +
      `${removeLocal ? `, ${report.removedLocal} local copies removed` : ' (local copies kept; --remove-local deletes them)'}.\n`,
  );
} finally {
  bucket.close();
  await database.close();
  release();
}
