import type { MessagePort } from 'node:worker_threads';
import { parseSpec, specFindings } from '../engine/openapi/openapiSpec';
import type { SpecFindings } from '../engine/openapi/specValidator';

/** The `workerData.task` of a worker thread that validates specs. */
export const specValidationTask = 'spec-validation';

export interface ValidationRequest {
  key: string;
  text: string;
  fileName: string;
}

export type ValidationAnswer = { key: string; findings: SpecFindings } | { key: string; error: string };

/** In a worker thread: validates each spec text it is sent as the platform does, and answers with the findings. */
export function serveSpecValidation(port: MessagePort): void {
  port.on('message', ({ key, text, fileName }: ValidationRequest) => {
    let answer: ValidationAnswer;
    try {
      answer = { key, findings: specFindings(text, fileName, parseSpec(text, fileName)) };
    } catch (error) {
      answer = { key, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer);
  });
}
