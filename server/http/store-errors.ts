import type { ErrorRequestHandler } from 'express';
import type { RecordingLibrary } from '../recordings/recording-library.ts';
import { StoreUnavailableError } from '../recordings/store-health.ts';

/** How long a client is asked to wait before it tries again while the store does not answer. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Answers a recordings request that failed because the store does not answer with 503 naming the
 * store (`The recordings store (PostgreSQL) does not answer…`) and Retry-After, instead of a bare 500.
 * Other errors go on to the JSON error handler. The store's address stays in the log, for the admin.
 */
export function storeErrors(library: RecordingLibrary): ErrorRequestHandler {
  return (error: unknown, _request, response, next) => {
    if (response.headersSent) return next(error);
    library.explain(error).then(
      (explained) => {
        if (!(explained instanceof StoreUnavailableError)) return next(error);
        response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
        response.status(503).json({
          error: `${explained.message}; try again once it is back`,
          store: explained.store,
        });
      },
      () => next(error),
    );
  };
}
