// What the careers route plugins share in their OpenAPI schemas: the tag, the bearer and the error
// answers, for the person's side (`/api/careers/*`) and the company's (on the company host).
import { EmploymentDetails } from '../../contract/careers.ts';
import { CompanyEmploymentDetails } from '../../contract/careers-company.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';

export const security = [{ bearer: [] }];

/** The person's careers API. */
export const personTags = ['careers'];
export const personErrors = { 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
export const jobDetailsResponse = { 200: dataEnvelope(EmploymentDetails), ...personErrors };
/** Changes a person may make to their careers in a window: generous for editing, not a flood. */
export const changeLimit = { max: 120, windowMs: 60_000 };

/** The company's careers API. */
export const companyTags = ['company careers'];
export const companyErrors = {
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
  429: ErrorResponse,
};
export const employmentDetailsResponse = { 200: dataEnvelope(CompanyEmploymentDetails), ...companyErrors };
