// A company's identity (decision 266) reads the same on the server's company page as in the
// app's company page: the server's word table holds the site dictionary's words, in both languages.
import { describe, expect, it } from 'vitest';
import { companyPageWords } from '../../server/companies/public-page-words.ts';
import companyEn from './company.en_GB.json' with { type: 'json' };
import companyUk from './company.uk_UA.json' with { type: 'json' };

describe('a company’s identity words', () => {
  it('reads the same on the server’s page as in the app, in both languages', () => {
    for (const [locale, dictionary] of [
      ['en_GB', companyEn],
      ['uk_UA', companyUk],
    ] as const) {
      const w = companyPageWords[locale];
      expect([
        w.identityVerified,
        w.identityVerifiedHint,
        w.identityNotVerified,
        w.identityNotVerifiedHint,
        w.identityNotAffiliated,
      ]).toEqual([
        dictionary['company.identity.verified'],
        dictionary['company.identity.verifiedHint'],
        dictionary['company.identity.notVerified'],
        dictionary['company.identity.notVerifiedHint'],
        dictionary['company.identity.notAffiliated'],
      ]);
    }
  });
});
