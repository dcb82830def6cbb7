/** A short, single-line excerpt of untrusted text for an error message. */
export function preview(text: string, max = 200): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut);
}
