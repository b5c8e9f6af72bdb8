/** Cuts text longer than `maxChars`, saying how much was left out. */
export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}… [${text.length - maxChars} more characters not shown]`;
}
