import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { JobStorage } from './jobStore';

type Entries = Record<string, unknown>;

async function readEntries(path: string): Promise<Entries> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Entries;
  } catch {
    // handled below
  }
  // Unreadable: keep it aside for inspection rather than overwrite it.
  await rename(path, `${path}.corrupt-${Date.now()}`);
  return {};
}

/**
 * `JobStorage` in one JSON file (for the CLI and tests). Each update re-reads the file and
 * replaces it atomically, so processes sharing the file lose at most a race on the same key.
 */
export class JsonFileStorage implements JobStorage {
  private queue: Promise<void> = Promise.resolve();

  private constructor(
    readonly path: string,
    private entries: Entries,
  ) {}

  static async open(path: string): Promise<JsonFileStorage> {
    return new JsonFileStorage(path, await readEntries(path));
  }

  get<T>(key: string): T | undefined {
    return this.entries[key] as T | undefined;
  }

  keys(): readonly string[] {
    return Object.keys(this.entries);
  }

  update(key: string, value: unknown): Promise<void> {
    const write = async () => {
      const entries = await readEntries(this.path);
      if (value === undefined) delete entries[key];
      else entries[key] = value;
      await mkdir(dirname(this.path), { recursive: true });
      const temporary = `${this.path}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(entries), { mode: 0o600 });
      await rename(temporary, this.path);
      this.entries = entries;
    };
    const result = this.queue.then(write);
    this.queue = result.catch(() => {});
    return result;
  }
}
