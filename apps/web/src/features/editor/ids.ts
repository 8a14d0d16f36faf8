/** A fresh id for something placed or drawn in the editor. */
export function newId(prefix: string) {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}
