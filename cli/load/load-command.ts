/** `toolscope load` (being written). */
export function runLoad(_argv: readonly string[]): Promise<number> {
  return Promise.resolve(2);
}
