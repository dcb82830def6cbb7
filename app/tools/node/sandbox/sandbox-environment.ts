// The whole environment a sandboxed command gets: a short allow-list, nothing else. No API key,
// token or other variable of the CLI reaches a command unless it is named here.

/** Variables copied from the CLI's environment when set. */
export const PASSED_VARIABLES = [
  'PATH',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'LC_MESSAGES',
  'TERM',
  'TZ',
  'USER',
  'LOGNAME',
] as const;

const FALLBACK_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** The allow-listed variables of `env`, with HOME set to the sandbox's (empty) home and TMPDIR to its private /tmp. */
export function sandboxEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PASSED_VARIABLES) {
    const value = env[name];
    if (value !== undefined && value !== '') out[name] = value;
  }
  out.PATH ??= FALLBACK_PATH;
  out.HOME = home;
  out.TMPDIR = '/tmp';
  return out;
}
