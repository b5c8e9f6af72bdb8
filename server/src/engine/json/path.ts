export type JsonPath = (string | number)[];

/** Which part of a JSON node a range should cover. */
export type RangeTarget =
  | 'value' // the whole value
  | 'key' // the property name (falls back to the value for array items)
  | 'property' // from the property name to the end of its value
  | 'start'; // the first character of the value (an element's opening brace)

export interface OffsetRange {
  start: number;
  end: number;
}

export function pathKey(path: JsonPath): string {
  return JSON.stringify(path);
}
