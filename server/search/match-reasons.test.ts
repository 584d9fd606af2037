// Why a result matched, put into words from what the queries read (no database: the rows are made here).
import { describe, expect, it } from 'vitest';
import type { CompanyRow } from './companies.ts';
import { companyResult, personResult, type Evidence } from './match-reasons.ts';
import type { PersonRow } from './people.ts';

const row: PersonRow = {
  user_id: '7',
  first_name: 'Olena',
  last_name: 'Kovalenko',
  photo_path: null,
  headline: 'Designer',
  location: 'Kyiv, Ukraine',
  city_visible: null,
  profile_status: 'open_to_work',
  name_hit: false,
  spelling_hit: false,
  headline_hit: false,
  text_hit: false,
  rank: '1.0000',
};
const none: Evidence = { positions: [], domains: new Map(), skills: [], languages: [], competencies: [], verifiedJobs: [], titles: [] };
const kinds = (result: { matches: { kind: string; value: string }[] }) => result.matches.map((m) => `${m.kind}:${m.value}`);

describe('personResult', () => {
  it('says a name typed in another alphabet was found under another spelling, with the words as typed', () => {
    const result = personResult({ ...row, name_hit: true, spelling_hit: true }, none, { q: 'Олена' }, ['олена']);
    expect(kinds(result)).toEqual(['name:Olena Kovalenko', 'name_spelling:Олена']);
    expect(personResult({ ...row, name_hit: true, spelling_hit: true }, none, { q: 'olena' }, ['olena']).matches).toHaveLength(1);
  });

  it('names the job title the words were found in when the headline does not hold them', () => {
    const evidence = { ...none, titles: [{ user_id: 7, title: 'Product designer' }] };
    expect(kinds(personResult({ ...row, text_hit: true }, evidence, { q: 'product' }, ['product']))).toEqual(['position:Product designer']);
    expect(kinds(personResult({ ...row, text_hit: true, headline_hit: true }, evidence, { q: 'des' }, ['des']))).toEqual([
      'headline:Designer',
    ]);
  });

  it('keeps at most three skills and three competency ratings, the best rating per competency and company', () => {
    const skills = ['a', 'b', 'c', 'd'].map((name) => ({ user_id: 7, name, by_query: true, by_filter: false }));
    const competencies = [
      { user_id: 7, competency: 'Accessibility', company: 'Acme', score: 6 },
      { user_id: 7, competency: 'Accessibility', company: 'Acme', score: 5 },
      { user_id: 8, competency: 'Accessibility', company: 'Acme', score: 6 },
    ];
    const result = personResult(row, { ...none, skills, competencies }, { competency: 'access' }, []);
    expect(kinds(result)).toEqual(['skill:a', 'skill:b', 'skill:c', 'verified_competency:Accessibility']);
    expect(result.matches.at(-1)).toMatchObject({ score: 6, company: 'Acme' });
  });

  it('shows the place as the person wrote it when it holds the filter, and the filter otherwise', () => {
    expect(kinds(personResult(row, none, { location: 'kyiv' }, []))).toEqual(['location:Kyiv, Ukraine']);
    expect(kinds(personResult(row, none, { location: 'Kiev' }, []))).toEqual(['location:Kiev']);
  });

  it('carries the current verified position with its company’s verified domain, and a known status only', () => {
    const evidence = { ...none, positions: [{ user_id: '7', position: 'Lead', company: 'Acme', company_id: '3' }] };
    expect(personResult(row, evidence, {}, [])).toMatchObject({
      user_id: 7,
      verified_position: { position: 'Lead', company: 'Acme', verified_domain: null },
    });
    expect(personResult(row, { ...evidence, domains: new Map([[3, 'acme.example']]) }, {}, []).verified_position).toEqual({
      position: 'Lead',
      company: 'Acme',
      verified_domain: 'acme.example',
    });
    expect(personResult({ ...row, profile_status: 'retired' }, none, {}, []).profile_status).toBeNull();
  });
});

describe('companyResult', () => {
  const company: CompanyRow = { id: '3', name: 'Acme', industry: 'Software', location: 'Lviv', logo_path: null, name_hit: true, rank: '1' };

  it('says the name or else the industry matched the words, and the place for the filter', () => {
    expect(kinds(companyResult(company, 'acme', 'lviv'))).toEqual(['name:Acme', 'location:Lviv']);
    expect(kinds(companyResult({ ...company, name_hit: false }, 'soft'))).toEqual(['industry:Software']);
    expect(companyResult(company, '').matches).toEqual([]);
  });
});
