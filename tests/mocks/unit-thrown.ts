/**
 * Runs `run` and returns what it throws, provided it is an instance of `type`; rethrows anything
 * else and fails when nothing is thrown.
 */
export function thrownOf<T>(run: () => unknown, type: abstract new (...args: never[]) => T): T {
  try {
    run();
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected a thrown ${type.name}`);
}
