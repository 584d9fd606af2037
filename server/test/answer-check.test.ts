import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiTransform, openApiTransformObject } from '../http/openapi.ts';
import { checkAnswersAgainstDocument } from './answer-check.ts';

// The harness's check of every answer against the OpenAPI document (answer-check.ts): it must report an
// answer the document does not describe, also when the worker keeps a document from an earlier app
// (decision 229).
async function appAnswering(answer: unknown, extraRoute = false) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: { info: { title: 't', version: '1' } },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  app.get('/api/thing', { schema: { response: { 200: z.object({ data: z.object({ name: z.string() }) }) } } }, async (_request, reply) =>
    reply
      .type('application/json')
      .serializer((body: unknown) => JSON.stringify(body))
      .send(answer as never),
  );
  if (extraRoute) app.get('/api/other', { schema: { response: { 200: z.object({ data: z.number() }) } } }, async () => ({ data: 1 }));
  const check = checkAnswersAgainstDocument(app);
  await app.ready();
  return { app, check };
}

describe('the check of answers against the OpenAPI document', () => {
  it('passes an answer the document describes and reports one it does not, with an app of the same routes before it', async () => {
    const good = await appAnswering({ data: { name: 'Olena' } });
    await good.app.inject({ method: 'GET', url: '/api/thing' });
    expect(good.check.problems).toEqual([]);
    await good.app.close();

    const bad = await appAnswering({ data: { name: 42 } });
    await bad.app.inject({ method: 'GET', url: '/api/thing' });
    expect(bad.check.problems).toEqual([expect.stringMatching(/^GET \/api\/thing 200: body does not match the document/)]);
    await bad.app.close();
  });

  it('builds the document again for an app with other routes', async () => {
    const other = await appAnswering({ data: { name: 'Olena' } }, true);
    await other.app.inject({ method: 'GET', url: '/api/other' });
    expect(other.check.problems).toEqual([]);
    await other.app.close();
  });
});
