import { type IssueLike, readableIssue } from '@opsuite/shared/contracts/messages';

type Issue = IssueLike & { path: PropertyKey[] };

/** Any zod schema from @opsuite/shared (structurally, so the web app needs no zod import). */
export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Validates form values with the same schema the server uses; the first message per field wins,
 * as a sentence naming the field (zod's own wording never reaches the form).
 */
export function validate<T>(
  schema: Schema<T>,
  values: unknown,
): { ok: true; data: T; errors: FieldErrors } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= readableIssue(issue);
  }
  return { ok: false, errors };
}
