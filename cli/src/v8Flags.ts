/**
 * A check lives about a second. By default V8 hands a function to its optimizing compiler as soon
 * as it is a little warm, and on the real sites those compilations cost more CPU than they save
 * (a cold check of upstash: 1.27 s CPU by default, 0.92 s with four times the budget; a 2.3 MB
 * docs.json of 23,000 pages: 1.41 s and 1.45 s, on Node 20). Functions that stay hot are optimized
 * all the same. Node 24's V8 (13.6) has no such flag and prints "unrecognized flag" on stderr; it is
 * set on the V8 it was measured on, Node 20's (11), and not on any V8 from 12 on.
 */
export function tierUpFlags(v8Version: string): string[] {
  return Number.parseInt(v8Version, 10) < 12 ? ['--interrupt-budget=540672'] : [];
}
