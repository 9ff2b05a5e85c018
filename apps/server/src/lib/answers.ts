// The answers of the catalogue's writes: `{ success, message, data }` for a saved record and
// `{ success, message }` for a removed one.

export const saved = <T>(message: string, data: T) => ({ success: true as const, message, data });

export const deleted = (message: string) => ({ success: true as const, message });
