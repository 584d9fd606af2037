import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts',
    './server/db/profile-schema.ts',
    './server/db/notification-schema.ts',
    './server/db/company-schema.ts',
    './server/db/activity-schema.ts',
    './server/db/careers-schema.ts',
    './server/db/credentials-schema.ts',
    './server/db/security-schema.ts',
    './server/db/public-profile-schema.ts',
    './server/db/jobs-schema.ts',
  ],
  out: './server/db/migrations',
});
