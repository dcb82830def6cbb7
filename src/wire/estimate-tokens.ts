/** A rough token count (about four characters a token), where the provider gave none. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
