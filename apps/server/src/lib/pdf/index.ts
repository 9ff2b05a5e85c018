// Writing PDF documents (pay stubs, payment authorizations) with embedded Unicode fonts.
export type { FontWeight } from './fonts.ts';
export { PdfWriter, type TextStyle } from './writer.ts';
