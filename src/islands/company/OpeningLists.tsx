// The lists an opening asks for (decision 255): competencies of the company's set at a
// minimum level, skills, and languages with a level; parts of OpeningForm.tsx.
import { useState, type KeyboardEvent } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { Competency } from '../../../contract/careers-company.ts';
import { openingLimits, type SaveOpeningInput, type SaveOpeningRequest } from '../../../contract/jobs.ts';
import { languageNames } from '../../../contract/language-names.ts';
import type { Locale } from '../../../contract/locale.ts';
import { proficiencies } from '../../../contract/profile-sections.ts';
import Button from '../../components/Button.tsx';
import Field, { Fieldset } from '../../components/Field.tsx';
import IconButton from '../../components/IconButton.tsx';
import { Select, TextInput } from '../../components/TextInput.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { failureText } from '../../lib/base/failure-text.ts';

const levels = [1, 2, 3, 4, 5, 6] as const;

type OpeningFormApi = UseFormReturn<SaveOpeningRequest, unknown, SaveOpeningInput>;
export interface SectionProps {
  form: OpeningFormApi;
  locale: Locale;
  t: Translate;
}

/** The skills as a list; Enter in the new skill's field adds it instead of sending the whole form. */
export function SkillFields({ form, locale, t }: SectionProps) {
  const { control, formState, setValue } = form;
  const [skill, setSkill] = useState('');
  const skills = useWatch({ control, name: 'skills' });
  const addSkill = () => {
    const name = skill.trim();
    if (!name) return;
    setValue('skills', [...skills, name], { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setSkill('');
  };
  const skillKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      addSkill();
    }
  };
  const errors = formState.errors;
  const text = (message: string | undefined) => failureText(message, locale) || undefined;
  return (
    <Fieldset
      legend={t('openings.field.skills')}
      optional={t('company.field.optional')}
      error={text(errors.skills?.message ?? errors.skills?.find?.((e) => e)?.message)}
    >
      {() => (
        <div className="company-stack">
          {skills.length ? (
            <ul className="company-chips" aria-label={t('openings.field.skills')}>
              {skills.map((name, index) => (
                <li key={`${name}-${index}`} className="company-chip">
                  {name}
                  <IconButton
                    icon="close"
                    size="small"
                    label={t('openings.field.removeSkill', { name })}
                    onClick={() =>
                      setValue(
                        'skills',
                        skills.filter((_, i) => i !== index),
                        { shouldDirty: true },
                      )
                    }
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <div className="company-inline-fields">
            <Field label={t('openings.field.newSkill')}>
              {(control) => (
                <TextInput
                  {...control}
                  value={skill}
                  onChange={(event) => setSkill(event.target.value)}
                  onKeyDown={skillKey}
                  maxLength={openingLimits.skill}
                />
              )}
            </Field>
            <Button size="small" onClick={addSkill} disabled={skills.length >= openingLimits.skills}>
              {t('openings.field.addSkill')}
            </Button>
          </div>
        </div>
      )}
    </Fieldset>
  );
}

/** The competencies of the company's set, each at a minimum level. */
export function CompetencyFields({ form, competencies, locale, t }: SectionProps & { competencies: readonly Competency[] }) {
  const { register, control, formState } = form;
  const competencyRows = useFieldArray({ control, name: 'competencies' });
  const errors = formState.errors;
  const text = (message: string | undefined) => failureText(message, locale) || undefined;
  const active = competencies.filter((c) => !c.retired);
  return (
    <Fieldset legend={t('openings.field.competencies')} optional={t('company.field.optional')} error={text(errors.competencies?.message)}>
      {() => (
        <div className="company-stack">
          {active.length === 0 ? <p className="company-muted">{t('openings.field.noCompetencies')}</p> : null}
          {competencyRows.fields.map((row, index) => (
            <div key={row.id} className="company-inline-fields">
              <Field label={t('openings.field.competency')} error={text(errors.competencies?.[index]?.competency_id?.message)}>
                {(control) => (
                  <Select {...control} {...register(`competencies.${index}.competency_id`, { setValueAs: Number })}>
                    {active.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label={t('openings.field.minLevel')} error={text(errors.competencies?.[index]?.min_level?.message)}>
                {(control) => (
                  <Select {...control} {...register(`competencies.${index}.min_level`, { setValueAs: Number })}>
                    {levels.map((level) => (
                      <option key={level} value={level}>
                        {t('openings.level', { level })}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <IconButton
                icon="trash"
                label={t('openings.field.removeCompetency', { n: index + 1 })}
                onClick={() => competencyRows.remove(index)}
              />
            </div>
          ))}
          {active.length > 0 && competencyRows.fields.length < openingLimits.competencies ? (
            <div>
              <Button size="small" onClick={() => competencyRows.append({ competency_id: active[0]!.id, min_level: 3 })}>
                {t('openings.field.addCompetency')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </Fieldset>
  );
}

/** The languages, each with a level. */
export function LanguageFields({ form, locale, t }: SectionProps) {
  const { register, control, formState } = form;
  const languageRows = useFieldArray({ control, name: 'languages' });
  const errors = formState.errors;
  const text = (message: string | undefined) => failureText(message, locale) || undefined;
  const names = languageNames[locale === 'uk_UA' ? 'uk' : 'en'] as Record<string, string>;
  const languageOptions = Object.entries(names).sort((a, b) => a[1].localeCompare(b[1], locale === 'uk_UA' ? 'uk' : 'en'));
  return (
    <Fieldset legend={t('openings.field.languages')} optional={t('company.field.optional')} error={text(errors.languages?.message)}>
      {() => (
        <div className="company-stack">
          {languageRows.fields.map((row, index) => (
            <div key={row.id} className="company-inline-fields">
              <Field label={t('openings.field.language')} error={text(errors.languages?.[index]?.code?.message)}>
                {(control) => (
                  <Select {...control} {...register(`languages.${index}.code`)}>
                    {languageOptions.map(([code, name]) => (
                      <option key={code} value={code}>
                        {name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label={t('openings.field.level')} error={text(errors.languages?.[index]?.level?.message)}>
                {(control) => (
                  <Select {...control} {...register(`languages.${index}.level`)}>
                    {proficiencies.map((level) => (
                      <option key={level} value={level}>
                        {t(`proficiency.${level}`)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <IconButton
                icon="trash"
                label={t('openings.field.removeLanguage', { n: index + 1 })}
                onClick={() => languageRows.remove(index)}
              />
            </div>
          ))}
          {languageRows.fields.length < openingLimits.languages ? (
            <div>
              <Button size="small" onClick={() => languageRows.append({ code: locale === 'uk_UA' ? 'uk' : 'en', level: 'B2' })}>
                {t('openings.field.addLanguage')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </Fieldset>
  );
}
