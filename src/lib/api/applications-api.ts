// The person's applications on the personal host (decision 262): what applying sends, apply,
// the list, withdraw; typed by the contract.
import { z } from 'zod';
import { applicationPaths, ApplyPreview, MyApplication, type ApplyRequest } from '../../../contract/applications.ts';
import { ApplicationMessage, applicationMessagePaths } from '../../../contract/application-messages.ts';
import { dataEnvelope } from '../../../contract/envelope.ts';
import { $locale } from '../base/page-locale.ts';
import { api as defaultApi } from './client.ts';
import type { ApiClient } from './request.ts';

// Writes carry the page's locale so violation titles come back in its language.
const localeQuery = () => ({ locale: $locale.get() });

export const fetchMyApplications = async (api: ApiClient = defaultApi) =>
  (await api.get(applicationPaths.mine, { schema: dataEnvelope(z.array(MyApplication)) })).data;

export const fetchApplyPreview = async (openingId: number, api: ApiClient = defaultApi) =>
  (await api.get(applicationPaths.preview(openingId), { schema: dataEnvelope(ApplyPreview) })).data;

export const sendApplication = async (input: ApplyRequest, api: ApiClient = defaultApi) =>
  (await api.post(applicationPaths.mine, { json: input, query: localeQuery(), schema: dataEnvelope(MyApplication) })).data;

export const withdrawApplication = async (applicationId: number, api: ApiClient = defaultApi) =>
  api.delete(applicationPaths.application(applicationId), { query: localeQuery() });

/** The conversation of one of the person's applications (decision 271). */
export const fetchMessages = async (applicationId: number, api: ApiClient = defaultApi) =>
  (await api.get(applicationMessagePaths.mine(applicationId), { schema: dataEnvelope(z.array(ApplicationMessage)) })).data;

export const sendMessage = async (applicationId: number, body: string, api: ApiClient = defaultApi) =>
  (
    await api.post(applicationMessagePaths.mine(applicationId), {
      json: { body },
      query: localeQuery(),
      schema: dataEnvelope(z.array(ApplicationMessage)),
    })
  ).data;
