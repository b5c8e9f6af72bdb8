// Setting a new API key: the platform checks it first, and it is stored only once accepted (or,
// when it could not be checked, once the user says to keep it anyway). A rejected key changes
// nothing: the key in use, the connection and the job list stay as they were. No `vscode` import.
import type { KeyCheck } from '../../../agent/src/keyCheck';

export interface KeyReplacementSteps {
  /** Asks the platform whether it accepts the key (nothing is stored yet). */
  check(key: string): Promise<KeyCheck>;
  store(key: string): Promise<void>;
  /** The key could not be checked (no project id, network down…): true to store it all the same. */
  keepUnchecked(check: KeyCheck): Promise<boolean>;
}

export interface KeyReplacement {
  stored: boolean;
  check: KeyCheck;
}

export async function replaceApiKey(key: string, steps: KeyReplacementSteps): Promise<KeyReplacement> {
  const check = await steps.check(key);
  const stored = check.outcome === 'accepted' || (check.outcome === 'could-not-check' && (await steps.keepUnchecked(check)));
  if (stored) await steps.store(key);
  return { stored, check };
}
