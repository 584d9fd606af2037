// @vitest-environment happy-dom
// The employment details page's Credential card (decisions 257 and 258): before the person
// downloads, it says in the ladder's words who the file will name as its issuer: the company with the
// domain it proved, or "identity not verified", in both languages.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmploymentDetails } from '../../../contract/careers.ts';
import type { Locale } from '../../../contract/locale.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import CredentialCard from './CredentialCard.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

afterEach(cleanup);

const job = (verifiedDomain: string | null): EmploymentDetails => ({
  id: 12,
  verified: true,
  self_declared_id: null,
  position: 'Product designer',
  company: { id: 3, name: 'Northwind Studio', logo_url: null, registered: true, verified_domain: verifiedDomain },
  start_date: '2023-04-01',
  end_date: null,
  is_current: true,
  planned_termination: null,
  leaves_on: null,
  months: 44,
  confirmation: null,
  work_email_domain: null,
  team: null,
  reviewer: null,
  experience_description: null,
  technical_skills: [],
  documents: [],
  competencies: [],
  reviews: [],
  in_company_score: { score: null, counted: 0, not_applicable: 0, total_weight: 0, inputs: [] },
  final_feedback: null,
  achievements: [],
  events: [],
  can_leave: false,
  work_email: { domain: verifiedDomain, address: null, status: 'none' },
});

function show(locale: Locale, verifiedDomain: string | null) {
  render(
    <CredentialCard
      job={job(verifiedDomain)}
      locale={locale}
      t={messagesTranslator(islandMessages(locale, 'careers/EmploymentDetailsApp.tsx'))}
    />,
  );
  return screen.getByTestId('credential-issuer').textContent;
}

describe('who the credential names as its issuer', () => {
  it('is the company with its proved domain, in English and Ukrainian', () => {
    expect(show('en_GB', 'northwind.example')).toMatch(/^Issued by Northwind Studio · northwind\.example: /);
    cleanup();
    expect(show('uk_UA', 'northwind.example')).toMatch(/^Видавець: Northwind Studio · northwind\.example: /);
  });

  it('says plainly "identity not verified" for a company that proved no domain', () => {
    expect(show('en_GB', null)).toMatch(/^Issued by Northwind Studio · identity not verified: /);
    cleanup();
    expect(show('uk_UA', null)).toMatch(/^Видавець: Northwind Studio · особу компанії не перевірено: /);
  });
});
