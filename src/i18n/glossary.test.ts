import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dictionaries } from './index.ts';

// docs/glossary.md and decision 240: «підтверд…» belongs to company-verified jobs only. Endorsement
// strings are selected by key: every key containing 'endors' (endorse.*, profile.endorsements.*,
// achievements.unit.endorsements, settings.*.endorsement, notifications.kind.endorsement).
const genderForm = /\(-?ла\)|-ла\)/;

function serverSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverSources(path);
    return path.endsWith('.ts') && !path.includes('.test.') ? [path] : [];
  });
}

describe('the Ukrainian glossary', () => {
  it('has no «(-ла)» gender forms in the site dictionaries', () => {
    for (const [key, text] of Object.entries(dictionaries.uk_UA)) expect(text, key).not.toMatch(genderForm);
  });

  it('has no «(-ла)» gender forms in the server’s own texts (mail, public pages, CV)', () => {
    for (const file of serverSources('server')) expect(readFileSync(file, 'utf8'), file).not.toMatch(genderForm);
  });

  it('calls an endorsement «схвалення», never «підтвердження»', () => {
    const endorsements = Object.entries(dictionaries.uk_UA).filter(([key]) => key.toLowerCase().includes('endors'));
    expect(endorsements.length).toBeGreaterThan(5);
    for (const [key, text] of endorsements) {
      expect(text.toLowerCase(), key).not.toContain('підтверд');
      expect(text.toLowerCase(), key).toContain('схвал');
    }
  });

  it('says «схвалення» in the endorsement mail', () => {
    const mail = readFileSync('server/notifications/email-text.ts', 'utf8');
    const line = mail.split('\n').find((l) => l.includes('endorsement:') && /[а-яі]/.test(l));
    expect(line).toMatch(/схвал/);
    expect(line).not.toMatch(/підтверд/);
  });
});
