import fc from 'fast-check';
import { badSegment, encodeText, hazardFor, type JsonSchema, plausibleValue } from './fuzz-values.ts';

// Request inputs for the generated bad-input test (fuzz-routes.test.ts): a plausible request for
// an operation of the OpenAPI document, built from its JSON schemas, with one part of it replaced
// by something hostile.

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, `{id}` style. */
  path: string;
  params: Parameter[];
  body: JsonSchema | undefined;
}

export interface FuzzRequest {
  method: string;
  url: string;
  payload: unknown;
  /** What was made hostile, for the failure report. */
  mutation: string;
}

interface Slot {
  path: string[];
  schema: JsonSchema;
}

/** Places in a body to put a hostile value: its properties and theirs, two levels down. */
function slotsOf(schema: JsonSchema | undefined, prefix: string[] = [], depth = 0): Slot[] {
  if (!schema || depth > 2) return [];
  const inner = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
  if (inner.type === 'array' && inner.items) return slotsOf(inner.items, [...prefix, '0'], depth + 1);
  if (inner.type !== 'object' || !inner.properties) return [];
  return Object.entries(inner.properties).flatMap(([key, s]) => [
    { path: [...prefix, key], schema: s },
    ...slotsOf(s, [...prefix, key], depth + 1),
  ]);
}

function replaceAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const container = value !== null && typeof value === 'object' ? value : /^\d+$/.test(head) ? [] : {};
  const copy = (Array.isArray(container) ? [...container] : { ...container }) as Record<string, unknown>;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

const encodeQueryValue = (value: unknown) =>
  encodeText(typeof value === 'string' ? value : JSON.stringify(value));

function buildUrl(op: Operation, path: Record<string, string>, query: Record<string, unknown>): string {
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? 'x');
  const pairs = Object.entries(query).flatMap(([key, v]) =>
    v === undefined ? [] : Array.isArray(v) ? v.map((item) => [key, item] as const) : [[key, v] as const],
  );
  return pairs.length === 0
    ? url
    : `${url}?${pairs.map(([k, v]) => `${k}=${encodeQueryValue(v)}`).join('&')}`;
}

type Target =
  | { kind: 'path'; name: string }
  | { kind: 'query'; name: string; schema: JsonSchema }
  | { kind: 'body'; slot: Slot };

const show = (value: unknown) => JSON.stringify(value)?.slice(0, 40);

/** Every place in a request to `op` that can be made hostile. */
export function targetsOf(op: Operation): Target[] {
  const targets: Target[] = [
    ...op.params.filter((p) => p.in === 'path').map((p): Target => ({ kind: 'path', name: p.name })),
    ...op.params
      .filter((p) => p.in === 'query')
      .map((p): Target => ({ kind: 'query', name: p.name, schema: p.schema })),
    // The whole body, and each of its fields.
    ...(op.body ? [{ path: [], schema: {} }, ...slotsOf(op.body)] : []).map(
      (slot): Target => ({ kind: 'body', slot }),
    ),
  ];
  if (targets.length === 0) targets.push({ kind: 'query', name: 'unexpected', schema: {} });
  return targets;
}

/** A plausible request for `op` with one hostile part: a path segment, a query value or a body field. */
export function hostileRequest(op: Operation, ids: fc.Arbitrary<string>): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathArb = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, ids])));
  const queryArb = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, plausibleValue(p.schema, ids, p.name)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const bodyArb = op.body ? plausibleValue(op.body, ids) : fc.constant(undefined);
  const targets = targetsOf(op);
  const hostile = fc
    .constantFrom(...targets)
    .chain((target) =>
      (target.kind === 'path'
        ? badSegment
        : hazardFor(target.kind === 'query' ? target.schema : target.slot.schema)
      ).map((bad) => ({ target, bad })),
    );
  return fc.tuple(pathArb, queryArb, bodyArb, hostile).map(([path, query, body, { target, bad }]) => {
    const finalPath = { ...path } as Record<string, string>;
    const finalQuery = { ...query } as Record<string, unknown>;
    let finalBody = body;
    let mutation: string;
    if (target.kind === 'path') {
      finalPath[target.name] = bad as string;
      mutation = `path ${target.name}=${String(bad).slice(0, 40)}`;
    } else if (target.kind === 'query') {
      finalQuery[target.name] = bad;
      mutation = `query ${target.name}=${show(bad)}`;
    } else {
      finalBody = replaceAt(body, target.slot.path, bad);
      mutation = `body ${target.slot.path.join('.') || '(whole)'}=${show(bad)}`;
    }
    return { method: op.method, url: buildUrl(op, finalPath, finalQuery), payload: finalBody, mutation };
  });
}
