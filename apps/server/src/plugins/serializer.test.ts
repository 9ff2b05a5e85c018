import * as shared from '@opsuite/shared';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer, sendJsonText, serializerCompiler } from './serializer.ts';

const contact = {
  _id: '0190aaaa-0000-7000-8000-000000000001',
  fullName: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: null,
  email: 'ada@example.test',
  phone: null,
  photo: null,
  status: 'active',
  isFormer: false,
  contactTypeId: null,
  contactType: null,
  stageId: '0190aaaa-0000-7000-8000-000000000002',
  stage: { _id: '0190aaaa-0000-7000-8000-000000000002', name: 'Trial' },
  leadSourceId: null,
  leadSource: null,
  rankId: null,
  currentRank: null,
  tags: [{ _id: '0190aaaa-0000-7000-8000-000000000003', name: 'VIP', color: '#ff0000' }],
  punchId: '0000000042',
  billingAddress: null,
  birthday: '1815-12-10',
  lastAttendedAt: null,
  lastContactedAt: '2026-01-02T10:00:00.000Z',
  paymentStatus: 'none',
  plan: null,
  stopSms: false,
  customFields: { belt: 'blue', stripes: 2, waiver: true, note: null },
  userId: null,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('compiled response serializers', () => {
  it('write exactly what the zod check and JSON.stringify wrote', () => {
    const answer = {
      list: [contact, { ...contact, _id: '0190aaaa-0000-7000-8000-000000000009' }],
      pagination: { page: 0, pageSize: 100, hasMore: true, nextCursor: 'abc' },
    };
    const write = compileSerializer(shared.contactListAnswer);
    expect(write).not.toBeNull();
    expect(write!(answer)).toBe(JSON.stringify(shared.contactListAnswer.parse(answer)));
  });

  it('leave out properties the schema does not name, at every depth', () => {
    const write = compileSerializer(shared.contactAnswer)!;
    const leaky = { ...contact, passwordHash: 'x', stage: { ...contact.stage, secret: 'y' } };
    const out = JSON.parse(write(leaky));
    expect(out).not.toHaveProperty('passwordHash');
    expect(out.stage).toEqual(contact.stage);
  });

  it('compile every answer schema the contracts export', () => {
    const answers = Object.entries(shared).filter(([k, v]) => v instanceof z.ZodType && k.endsWith('Answer'));
    expect(answers.length).toBeGreaterThan(50);
    const left = answers.filter(([, v]) => !compileSerializer(v as z.ZodType)).map(([k]) => k);
    expect(left).toEqual([]);
  });

  it('keep the zod serializer for a union of objects, and fail a wrong answer with 500', async () => {
    const shape = z.union([
      z.object({ kind: z.literal('a'), n: z.number() }),
      z.object({ kind: z.literal('b') }),
    ]);
    expect(compileSerializer(shape)).toBeNull();
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.get('/union', { schema: { response: { 200: shape } } }, () => ({ kind: 'a', n: 1, extra: true }));
    app.get('/wrong', { schema: { response: { 200: shared.contactAnswer } } }, () => ({ fullName: 'x' }));
    expect((await app.inject('/union')).json()).toEqual({ kind: 'a', n: 1 });
    expect((await app.inject('/wrong')).statusCode).toBe(500);
    await app.close();
  });

  it('under test, check compiled answers against their schema too (a null string fails, not "")', async () => {
    const shape = z.object({ name: z.string(), note: z.string().nullable() });
    expect(compileSerializer(shape)!({ name: null, note: null })).toBe('{"name":"","note":null}');
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.get('/ok', { schema: { response: { 200: shape } } }, () => ({ name: 'a', note: null }));
    app.get('/null', { schema: { response: { 200: shape } } }, () => ({ name: null, note: null }));
    expect((await app.inject('/ok')).json()).toEqual({ name: 'a', note: null });
    expect((await app.inject('/null')).statusCode).toBe(500);
    await app.close();
  });

  it('send JSON text as it is, checked under test against the schema and for fields it does not name', async () => {
    const shape = z.object({ list: z.array(z.object({ name: z.string(), at: z.string().nullable() })) });
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const route = (path: string, text: string) =>
      app.get(path, { schema: { response: { 200: shape } } }, async (_req, reply) => {
        sendJsonText(reply, shape, text);
      });
    const good = '{"list":[{"name":"Zo\\u00eb \\"A\\"","at":null}]}';
    route('/ok', good);
    route('/extra', '{"list":[{"name":"a","at":null,"secret":"x"}]}');
    route('/wrong', '{"list":[{"name":null,"at":null}]}');
    const ok = await app.inject('/ok');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ok.body).toBe(good);
    expect(ok.json()).toEqual({ list: [{ name: 'Zoë "A"', at: null }] });
    expect((await app.inject('/extra')).statusCode).toBe(500);
    expect((await app.inject('/wrong')).statusCode).toBe(500);
    await app.close();
  });
});
