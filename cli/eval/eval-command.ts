/** `toolscope eval` (being written). */
export function runEval(_argv: readonly string[]): Promise<number> {
  return Promise.resolve(2);
}
