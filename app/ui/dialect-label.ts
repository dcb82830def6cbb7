// How a tool card names the dialect a call was recovered from (the model wrote Hermes, GLM, …
// instead of Cline's XML): the same words in the terminal and on the page.

/** The short label shown beside a recovered call's tool name: `hermes`; none for Cline's XML or a native call. */
export function dialectBadge(dialect: string | undefined): string | undefined {
  return dialect === undefined ? undefined : dialect;
}

/** The sentence an approval shows for a recovered call; none for Cline's XML or a native call. */
export function dialectNote(dialect: string | undefined): string | undefined {
  return dialect === undefined
    ? undefined
    : `recovered from the model's ${dialect} tool-call format (it did not write Cline's XML)`;
}
