import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OptionalSelect } from './TextInput.tsx';

describe('OptionalSelect', () => {
  it('offers "none" (the empty value) first, then each option with its value and label', () => {
    const html = renderToStaticMarkup(
      <OptionalSelect name="team_id" value="2" onChange={() => {}} noneLabel="No team" options={[{ value: 1, label: 'Design' }, { value: 2, label: 'Sales' }]} />,
    );
    expect(html).toBe(
      '<select name="team_id" class="ui-select"><option value="">No team</option><option value="1">Design</option><option value="2" selected="">Sales</option></select>',
    );
  });
});
