const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Displayed names are HTML-escaped: names end up in e-mail bodies, kiosk overlays
 * and notification HTML, where a contact called `<img onerror=...>` must stay text. One pass
 * over the string so '&' is never escaped twice.
 */
export function escapeHtml(s: string | number | null | undefined): string {
  if (s === null || s === undefined) return '';
  return String(s).replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}
