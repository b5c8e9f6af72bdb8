/** Replaces every known secret, and anything shaped like a credential, with a placeholder. */
export type Redactor = (text: string) => string;

const REDACTED = '[redacted]';

const CREDENTIAL_PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\bmint_[A-Za-z0-9_-]+/g, REDACTED],
  // user:password@ in a URL (a proxy URL, typically)
  [/(\/\/[^\s/:@]+:)[^\s/@]+@/g, `$1${REDACTED}@`],
];

export function createRedactor(secrets: readonly (string | undefined)[]): Redactor {
  // Longest first, so a secret that contains another is replaced whole.
  const known = secrets
    .filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4)
    .flatMap((secret) => [secret, encodeURIComponent(secret)])
    .sort((a, b) => b.length - a.length);
  return (text) => {
    let result = text;
    for (const secret of known) result = result.split(secret).join(REDACTED);
    for (const [pattern, replacement] of CREDENTIAL_PATTERNS) result = result.replace(pattern, replacement);
    return result;
  };
}
