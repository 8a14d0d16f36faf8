/** Words an adult reads per minute on screen: the basis of 'N min read'. */
export const READING_WORDS_PER_MINUTE = 200;

/** Words in a text, markdown or plain: runs of letters or digits, markup ignored. */
export function countWords(text: string): number {
  const withoutMarkup = text
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/<[^>]+>/g, " ");
  return withoutMarkup.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Minutes to read a text, at least 1. */
export function readingMinutes(text: string): number {
  return Math.max(1, Math.round(countWords(text) / READING_WORDS_PER_MINUTE));
}
