// A worker thread of `MdxWorkerPool`: parses the pages it is sent and answers with their facts.
import { parentPort } from 'node:worker_threads';
import { mdxFactsOf } from './mdxFacts';
import { parseMdx } from './parseMdx';
import type { FactsAnswer, FactsQuestion } from './mdxWorkers';

parentPort?.on('message', ({ id, text }: FactsQuestion) => {
  const answer: FactsAnswer = { id, facts: mdxFactsOf(text, parseMdx(text)) };
  parentPort!.postMessage(answer);
});
