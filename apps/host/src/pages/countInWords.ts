const WORDS = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];

/** "Five modules", "One module", "12 modules": a count of the course's parts as a heading says it. */
export function countInWords(count: number, noun: string): string {
  return `${WORDS[count] ?? String(count)} ${count === 1 ? noun : `${noun}s`}`;
}
