// A job's work email (decision 260; contract/work-email.ts): add it (a code is mailed), ask
// for a new code, confirm it, remove it. Writes carry the page's locale so refusals come back in its
// language.
import { EmploymentDetails } from '../../../contract/careers.ts';
import { dataEnvelope } from '../../../contract/envelope.ts';
import { WorkEmailCodeSent, workEmailPaths } from '../../../contract/work-email.ts';
import { $locale } from '../base/page-locale.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

const localeQuery = () => ({ locale: $locale.get() });
const Job = dataEnvelope(EmploymentDetails);
const Sent = dataEnvelope(WorkEmailCodeSent);

export const addWorkEmail = async (jobId: number, email: string, api: ApiClient = defaultApi) =>
  (await api.put(workEmailPaths.workEmail(jobId), { json: { email }, query: localeQuery(), schema: Sent })).data;

export const resendWorkEmailCode = async (jobId: number, api: ApiClient = defaultApi) =>
  (await api.post(workEmailPaths.resend(jobId), { query: localeQuery(), schema: Sent })).data;

export const confirmWorkEmail = async (jobId: number, code: string, api: ApiClient = defaultApi) =>
  (await api.post(workEmailPaths.confirm(jobId), { json: { code }, query: localeQuery(), schema: Job })).data;

export const removeWorkEmail = async (jobId: number, api: ApiClient = defaultApi) =>
  (await api.delete(workEmailPaths.workEmail(jobId), { query: localeQuery(), schema: Job })).data;
