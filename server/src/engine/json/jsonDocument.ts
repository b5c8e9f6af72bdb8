import { createScanner, findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { locateNodes, offsetsToRange, type NodeOffsets } from './fastLocator';
import type { TextSource } from '../textSource';
import { pathKey, type JsonPath, type OffsetRange, type RangeTarget } from './path';

export interface SyntaxProblem {
  range: OffsetRange;
  message: string;
}

/**
 * A parsed JSON text. Valid JSON takes the fast path (JSON.parse, ranges found on demand);
 * broken JSON is parsed tolerantly so the rest of the file can still be checked.
 */
export interface JsonDocument {
  readonly text: string;
  /** The text as it was given: reading `text` may make it one string (see TextSource). */
  readonly source: TextSource;
  readonly value: unknown;
  readonly syntaxProblems: SyntaxProblem[];
  /** Ranges for many paths at once; a path that does not exist is absent from the result. */
  locate(requests: { path: JsonPath; target: RangeTarget }[]): (OffsetRange | undefined)[];
}

export function parseJsonDocument(text: string): JsonDocument {
  try {
    return new ValidJsonDocument(text, JSON.parse(text));
  } catch {
    return new TolerantJsonDocument(text);
  }
}

/** A document for a text already known to be valid JSON, with the value it parses to. */
export function validJsonDocument(text: TextSource, value: unknown): JsonDocument {
  return new ValidJsonDocument(text, value);
}

class ValidJsonDocument implements JsonDocument {
  readonly syntaxProblems: SyntaxProblem[] = [];
  constructor(
    readonly source: TextSource,
    readonly value: unknown,
  ) {}

  get text(): string {
    return this.source.toString();
  }

  locate(requests: { path: JsonPath; target: RangeTarget }[]): (OffsetRange | undefined)[] {
    if (requests.length === 0) return [];
    const found = locateNodes(this.text, requests.map((r) => r.path));
    return requests.map((request) => {
      const node: NodeOffsets | undefined = found.get(pathKey(request.path));
      return node && offsetsToRange(node, request.target);
    });
  }
}

const syntaxMessages: Record<string, string> = {
  InvalidSymbol: 'Unexpected character',
  InvalidNumberFormat: 'Invalid number',
  PropertyNameExpected: 'Expected a property name in double quotes',
  ValueExpected: 'Expected a value',
  ColonExpected: 'Expected ":" after the property name',
  CommaExpected: 'Expected "," between items',
  CloseBraceExpected: 'Expected "}" to close the object',
  CloseBracketExpected: 'Expected "]" to close the array',
  EndOfFileExpected: 'Unexpected content after the end of the JSON value',
  InvalidCommentToken: 'Comments are not allowed in docs.json',
  UnexpectedEndOfComment: 'Unterminated comment',
  UnexpectedEndOfString: 'Unterminated string',
  UnexpectedEndOfNumber: 'Unterminated number',
  InvalidUnicode: 'Invalid unicode escape',
  InvalidEscapeCharacter: 'Invalid escape character in string',
  InvalidCharacter: 'Invalid character in string (control characters must be escaped)',
};

/** A jsonc-parser error in words. */
export function jsonSyntaxMessage(error: ParseError): string {
  const name = printParseErrorCode(error.error);
  return syntaxMessages[name] ?? name;
}

/** Where a too-deep broken file is reported: the first place nested deeper than this. */
const reportedDepth = 1000;

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read.
const openBrace = 1;
const closeBrace = 2;
const openBracket = 3;
const closeBracket = 4;
const endOfFile = 17;

function offsetBeyondDepth(text: string, limit: number): number | undefined {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let token = scanner.scan(); token !== endOfFile; token = scanner.scan()) {
    if (token === openBrace || token === openBracket) {
      if (++depth > limit) return scanner.getTokenOffset();
    } else if (token === closeBrace || token === closeBracket) {
      depth--;
    }
  }
  return undefined;
}

class TolerantJsonDocument implements JsonDocument {
  readonly value: unknown;
  readonly syntaxProblems: SyntaxProblem[];
  private readonly root: Node | undefined;

  constructor(readonly text: string) {
    const errors: ParseError[] = [];
    try {
      this.root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
      this.value = this.root ? getNodeValue(this.root) : undefined;
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      // The tolerant parser is recursive: thousands of levels overflow the stack.
      this.root = undefined;
      const at = offsetBeyondDepth(text, reportedDepth) ?? 0;
      this.syntaxProblems = [
        { range: { start: at, end: Math.min(text.length, at + 1) }, message: `The JSON is nested more than ${reportedDepth} levels deep here and has syntax errors; fix the nesting to have it checked` },
      ];
      return;
    }
    this.syntaxProblems = errors.map((error) => {
      const start = Math.min(error.offset, text.length);
      return {
        range: { start, end: Math.min(text.length, start + Math.max(error.length, 1)) },
        message: jsonSyntaxMessage(error),
      };
    });
  }

  get source(): TextSource {
    return this.text;
  }

  locate(requests: { path: JsonPath; target: RangeTarget }[]): (OffsetRange | undefined)[] {
    return requests.map(({ path, target }) => {
      const node = this.root && findNodeAtLocation(this.root, path);
      if (!node) return undefined;
      const property = node.parent?.type === 'property' ? node.parent : undefined;
      const key = property?.children?.[0];
      const valueRange = { start: node.offset, end: node.offset + node.length };
      switch (target) {
        case 'key':
          return key ? { start: key.offset, end: key.offset + key.length } : valueRange;
        case 'property':
          return key ? { start: key.offset, end: valueRange.end } : valueRange;
        case 'start':
          return { start: node.offset, end: node.offset + 1 };
        default:
          return valueRange;
      }
    });
  }
}
