// The API key lives in SecretStorage only, one per API URL (a key set for one server is never
// sent to another). Never in settings, logs or the output channel.
import * as vscode from 'vscode';

const SECRET_PREFIX = 'docsjson.agent.apiKey:';

function normalise(apiUrl: string): string {
  return apiUrl.trim().replace(/\/+$/, '').toLowerCase();
}

export class ApiKeys {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  get(apiUrl: string): Thenable<string | undefined> {
    return this.secrets.get(SECRET_PREFIX + normalise(apiUrl));
  }

  set(apiUrl: string, key: string): Thenable<void> {
    return this.secrets.store(SECRET_PREFIX + normalise(apiUrl), key);
  }

  delete(apiUrl: string): Thenable<void> {
    return this.secrets.delete(SECRET_PREFIX + normalise(apiUrl));
  }

  /** Fires for key changes made here or in another window. */
  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange((event) => {
      if (event.key.startsWith(SECRET_PREFIX)) listener();
    });
  }
}
