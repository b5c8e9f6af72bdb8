// A worker thread of `MdxWorkerPool`: parses the pages it is sent and answers with their facts; a
// page whose reading throws (a stack overflow, say) is answered as unread, with the error's message.
import { parentPort } from 'node:worker_threads';
import type { ParsedPage } from '../pageModel';
import { factsOfParse, unreadFacts, type MdxFacts } from './mdxFacts';
import type { ParseAnswer, ParseQuestion, WorkerReady } from './mdxWorkers';
import { reparseMdx } from './reparse';
import { kernelThreadId } from './threadCpu';

/** The last parse of each page sent with its file (an editor's open pages), the most recent last. */
const kept = new Map<string, ParsedPage>();
/** Beyond this many pages, the one sent longest ago is forgotten. */
const maxKept = 8;

parentPort?.on('message', ({ id, text, file }: ParseQuestion) => {
  parentPort!.postMessage({ id, facts: factsOf(text, file) } satisfies ParseAnswer);
});
parentPort?.postMessage({ ready: true, thread: kernelThreadId() } satisfies WorkerReady);

function factsOf(text: string, file: string | undefined): MdxFacts {
  try {
    const before = file === undefined ? undefined : kept.get(file);
    const parse = reparseMdx(text, before);
    const facts = factsOfParse(text, parse, before?.facts);
    if (file !== undefined && parse.tree) keep(file, { text, tree: parse.tree, facts });
    return facts;
  } catch (error) {
    return unreadFacts({ reason: 'failure', message: error instanceof Error ? error.message : String(error) });
  }
}

function keep(file: string, parsed: ParsedPage): void {
  kept.delete(file);
  kept.set(file, parsed);
  if (kept.size > maxKept) kept.delete(kept.keys().next().value!);
}
