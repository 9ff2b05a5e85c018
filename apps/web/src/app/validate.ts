interface Issue {
  path: PropertyKey[];
  message: string;
}

/** Any zod schema from @opsuite/shared (structurally, so the web app needs no zod import). */
export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

export type FieldErrors = Partial<Record<string, string>>;

/** Validates form values with the same schema the server uses; the first message per field wins. */
export function validate<T>(
  schema: Schema<T>,
  values: unknown,
): { ok: true; data: T; errors: FieldErrors } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
