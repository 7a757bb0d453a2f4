// The error types every layer shares (a base layer: it imports nothing). Three kinds of
// failure: bad input (friendly, ephemeral, says how to fix it; thrown by the engines and the
// commands alike and turned into a reply in one place, the pipeline's errorReply), storage
// failures, and bugs (any other error: a generic message with an error id, logged in full).

/**
 * Bad input or a refused action, from a command or an engine (an unknown food, a value out of
 * range for this food). The message is shown to the user as is.
 */
export class UserError extends Error {
  override readonly name = 'UserError';
  constructor(
    message: string,
    /** How to fix it, shown under the message. */
    readonly hint?: string,
    /** Machine-readable code for `ask --json`, e.g. "unknown_food". */
    readonly code: string = 'bad_input',
  ) {
    super(message);
  }
}

/** The store could not be read or written; nothing was changed. */
export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
