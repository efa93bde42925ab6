// Issue 36 item 3: exhaustive branching. A `switch` over a closed set (an answer type, a state) ends with
// `default: return assertNever(value)`: when the set grows, `value` is no longer `never` there and the type check
// names that place. At run time it only fires on data the types did not foresee (a row written by a newer build).

/** The `default` of an exhaustive switch: a type error when a case is missing, an error if reached. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
