// Derive, don't restate: a form field's length limit is the contract's. The
// request schemas check the lengths of contract/field-limits.ts, and the forms' field tables match
// them, so a limit changed in one place cannot leave a form that lets through what the server refuses
// (or refuses what the server takes).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CreateInvitationRequest, CreateJoinRequest, UpdateBrandRequest } from '../../contract/companies.ts';
import { fieldLimits } from '../../contract/field-limits.ts';
import {
  CertificationInput,
  EducationInput,
  EmploymentInput,
  ProjectInput,
  RecommendationInput,
  sectionNames,
  SkillInput,
  UpdateProfileRequest,
} from '../../contract/profile-sections.ts';
import { sectionFields } from '../../src/components/profile/section-fields.ts';

/** The longest text a schema accepts: its own `.max()` or, through optional, pipe and union, its inner ones'. */
function maxLengthOf(schema: z.core.$ZodType): number | undefined {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'string':
      return (schema as z.ZodString).maxLength ?? undefined;
    case 'optional':
    case 'nullable':
    case 'default':
      return maxLengthOf(def['innerType'] as z.core.$ZodType);
    case 'pipe':
      return maxLengthOf(def['in'] as z.core.$ZodType);
    case 'union': {
      const lengths = (def['options'] as z.core.$ZodType[]).map(maxLengthOf).filter((n): n is number => n !== undefined);
      return lengths.length ? Math.max(...lengths) : undefined;
    }
    default:
      return undefined;
  }
}

/** Every text field of an object schema with its limit. */
function limitsOf(schema: z.ZodObject): Record<string, number> {
  return Object.fromEntries(
    Object.entries(schema.shape)
      .map(([name, field]) => [name, maxLengthOf(field as z.core.$ZodType)] as const)
      .filter((entry): entry is readonly [string, number] => entry[1] !== undefined),
  );
}

const requests: [keyof typeof fieldLimits, z.ZodObject][] = [
  ['profile', UpdateProfileRequest],
  ['employments', EmploymentInput],
  ['skills', SkillInput],
  ['educations', EducationInput],
  ['certifications', CertificationInput],
  ['projects', ProjectInput],
  ['recommendation', RecommendationInput],
  ['brand', UpdateBrandRequest],
  ['invitation', CreateInvitationRequest],
  ['joinRequest', CreateJoinRequest],
];

describe('the contract schemas', () => {
  it.each(requests)('check exactly the %s limits of field-limits.ts', (name, schema) => {
    expect(limitsOf(schema)).toEqual(fieldLimits[name]);
  });
});

describe('the profile section forms', () => {
  it.each(sectionNames)('limit every %s text field as the contract does', (section) => {
    const limits: Record<string, number> = section in fieldLimits ? fieldLimits[section as keyof typeof fieldLimits] : {};
    const formLimits = Object.fromEntries(
      sectionFields[section].filter((f) => f.maxLength !== undefined).map((f) => [f.name, f.maxLength]),
    );
    expect(formLimits).toEqual(limits);
  });
});
