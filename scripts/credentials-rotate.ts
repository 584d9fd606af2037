// `npm run credentials:rotate -- <companyId>`: gives a company a new credential signing key (decision
// 190). The old key signs no more and stays in the company's DID document, so every credential it
// signed still verifies. Refuses to touch an embedded database a running server holds.
import { eq } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { companies } from '../server/db/schema.ts';
import { rotateCompanyKey } from '../server/careers/credential-keys.ts';
import { openConfiguredDatabase } from '../server/main.ts';

const argument = process.argv[2];
const companyId = Number(argument);
if (!argument || !Number.isSafeInteger(companyId) || companyId <= 0) {
  process.stderr.write('Usage: npm run credentials:rotate -- <companyId>\n');
  process.exit(2);
}
const config = loadConfig();
const { database, release } = await openConfiguredDatabase(config);
try {
  const [company] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) {
    process.stderr.write(`No company ${companyId}.\n`);
    process.exitCode = 1;
  } else {
    const result = await database.db.transaction((tx) => rotateCompanyKey(tx, config.credentialKey, companyId, new Date()));
    process.stdout.write(
      result.retired
        ? `Company ${companyId}: key ${result.retired} retired (still published), new signing key ${result.created}.\n`
        : `Company ${companyId} had no key yet: signing key ${result.created} made.\n`,
    );
  }
} finally {
  await database.close();
  release();
}
