/**
 * The error of class `type` that `act` throws. Any other error is thrown on; no error at all fails
 * with `no <type> for <what>`.
 */
export function thrownBy<E extends Error>(type: abstract new (...args: never[]) => E, act: () => unknown, what: string): E {
  try {
    act();
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`no ${type.name} for ${what}`);
}
